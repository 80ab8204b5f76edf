#pragma once
#include <vector>

#include "checker/core/report.hpp"
#include "models/rotation_orbit.hpp"

namespace trivcheck {

/// Every path by which the double count `violation` (a double_count the
/// executor reported) got its copies: for a joint reduction at (step, rank,
/// buffer, block), the copy the rank's buffer already held (if any, possibly an
/// empty path when it is its own) and each copy arriving in that step; for a
/// local reduction, the copies its target and its source held. A path lists
/// transfers only: local operations move a contribution within its rank.
/// Replays the schedule for that one contribution only.
std::vector<Path> trace_copies(const Schedule& schedule, const Violation& violation);

/// The same paths for a violation of expand(orbit), without expanding it: the
/// replay visits only the ranks that hold the contribution. The orbit has no
/// local operations.
std::vector<Path> trace_copies(const RotationOrbit& orbit, const Violation& violation);

}  // namespace trivcheck
