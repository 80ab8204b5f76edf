#pragma once
#include <string>

#include "checker/execution/link_loads.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// One step of a schedule as the step pictures (ring_step_svg.hpp,
/// torus_svg.hpp) draw it: its loads per link and the heading naming it.
struct DrawnStep {
    const Step* step = nullptr;
    /// Every message of the step routed, kept per link (last_step_chunks()).
    LinkLoads loads;
    StepLinkLoad load;
    /// "trivance-B-5x7: step 2 (reduce_scatter), 140 messages, distances 1,2".
    std::string heading;
};

/// Routes the messages of step `step` of `schedule`. Throws
/// std::invalid_argument for a step out of range.
DrawnStep drawn_step(const Schedule& schedule, int step);

}  // namespace trivcheck
