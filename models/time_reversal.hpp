#pragma once
#include <string>
#include <vector>

#include "models/schedule.hpp"

namespace trivcheck {

/// The all-gather that undoes a reduce-scatter (docs/model.md, "Generated schedules"): the
/// steps in reverse order, each transfer u -> v of blocks S becoming v -> u of
/// S as a copy, its named direction flipped. A reduce-scatter whose every block
/// follows a time-respecting in-tree to its owner thus becomes an all-gather
/// whose every block follows the same tree outwards from the owner.
std::vector<Step> time_reversed_copies(const std::vector<Step>& steps, const std::string& phase);

/// The route that goes the other way round: + and - swap, shortest stays.
Route reversed(Route route);

}  // namespace trivcheck
