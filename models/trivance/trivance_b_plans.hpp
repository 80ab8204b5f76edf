#pragma once
#include <optional>

#include "models/trivance/trivance_b_plan.hpp"

namespace trivcheck {

/// Largest ring size with a stored plan.
constexpr int stored_trivance_b_plans_up_to = 4096;

/// The plan `trivcheck synth --form B` found for n (scripts/trivance-b-plans
/// writes the table), for 2 <= n <= stored_trivance_b_plans_up_to.
std::optional<TrivanceBPlan> stored_trivance_b_plan(int n);

/// The stored plan, or above the table the rule's with its level drops
/// (models/trivance/trivance_b_level_drops.hpp; never worse than either short
/// layout); no solver, no search.
TrivanceBPlan best_known_plan(int n);

}  // namespace trivcheck
