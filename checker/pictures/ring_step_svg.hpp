#pragma once
#include <string>

#include "checker/core/report.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// One step of a ring schedule as an SVG picture: the ranks on a circle,
/// every message of the step as an arrow from sender to receiver (blue a
/// reduction, green a copy), every directed link as an arc coloured by the
/// chunks it carries in the step (outer track the + links, inner the -),
/// and, when `highlight` is given, its rank in red and the transfers of its
/// paths as red arrows labelled by step, with the violation in words below.
/// Throws std::invalid_argument for a topology other than a ring or a step
/// out of range.
std::string ring_step_svg(const Schedule& schedule, int step, const Violation* highlight);

}  // namespace trivcheck
