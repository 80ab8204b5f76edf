#pragma once
#include <string>

#include "checker/core/report.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// One step as a Graphviz digraph, written by Boost.Graph's write_graphviz:
/// a node per rank (laid out on a circle by circo), an edge per message
/// labelled with its blocks and op, the violation's rank and the transfers
/// of its paths in red. Throws std::invalid_argument for a step out of range.
std::string step_dot(const Schedule& schedule, int step, const Violation* highlight);

}  // namespace trivcheck
