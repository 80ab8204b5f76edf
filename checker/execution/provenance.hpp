#pragma once
#include <vector>

#include "checker/core/report.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// Every path by which the double count `violation` (a double_count the
/// executor reported) got its copies: for a joint reduction at (step, rank,
/// buffer, block), the copy the rank's buffer already held (if any, possibly an
/// empty path when it is its own) and each copy arriving in that step; for a
/// local reduction, the copies its target and its source held. A path lists
/// transfers only: local operations move a contribution within its rank.
/// Replays the schedule for that one contribution only.
std::vector<Path> trace_copies(const Schedule& schedule, const Violation& violation);

}  // namespace trivcheck
