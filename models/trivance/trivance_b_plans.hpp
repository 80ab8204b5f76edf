#pragma once
#include <optional>

#include "models/trivance/trivance_b_plan.hpp"

namespace trivcheck {

/// Largest ring size with a stored plan.
constexpr int stored_trivance_b_plans_up_to = 4096;

/// A stored line that stands for the rule's plan with its level drops
/// (rule_plan_with_level_drops): where the search keeps that plan its text
/// lists hundreds to thousands of adopters, which the table does not repeat.
inline constexpr const char* stored_rule_plan = "rule";

/// The plan `trivcheck synth --form B` found for n (scripts/trivance-b-plans
/// writes the table), for 2 <= n <= stored_trivance_b_plans_up_to.
std::optional<TrivanceBPlan> stored_trivance_b_plan(int n);

/// The stored plan, or above the table the rule's with its level drops
/// (models/trivance/trivance_b_level_drops.hpp; never worse than either short
/// layout); no solver, no search.
TrivanceBPlan best_known_plan(int n);

}  // namespace trivcheck
