#pragma once
#include <vector>

#include "checker/report.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// Every path by which `contributor`'s share of `block` reaches `rank` in the
/// joint reduction of step `step`: the copy the rank already held (if any,
/// possibly an empty path when it is its own) and each copy arriving in that
/// step. Replays the schedule for that one contribution only.
std::vector<Path> trace_copies(const Schedule& schedule, int step, int rank, int block,
                               int contributor);

}  // namespace trivcheck
