#pragma once
#include <string>

#include "checker/core/report.hpp"
#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp {

/// An execution plan as an SVG timeline: one lane per gpu and thread block,
/// its operations left to right in program order (a box with the operation's
/// name), an arrow from each signal to the wait it satisfies (the k-th signal
/// into a mailbox to its k-th wait; relaxed ones dashed) and from each
/// semaphore release to the acquire it satisfies, and the operations named by
/// `highlight`'s points in red. Deterministic text.
std::string plan_timeline_svg(const Plan& plan, const Violation* highlight);

}  // namespace trivcheck::mscclpp
