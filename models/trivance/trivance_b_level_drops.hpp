#pragma once

#include "models/trivance/trivance_b_plan.hpp"
#include "models/trivance/trivance_b_rule.hpp"

namespace trivcheck {

/// The partial steps the rule learns (docs/trivance-b.md, "Level drops"):
/// from a plan of full steps, drops at one step, one way or both, the
/// adoptions of every displacement placed at one earlier step (a level; the
/// owner is one), the drop that lowers the cost most first, while one does
/// and the plan still reaches every rank. The result's dropped steps are
/// partial (their adopters listed, two-way children split as the balanced
/// rule splits them, the lowest displacements +), the others full; the plan
/// itself when no drop pays or `full` has partial steps already. Deterministic.
TrivanceBPlan with_level_drops(const TrivanceBPlan& full);

/// The rule's plan (plan_by_rule) with its level drops: what `--layout rule`
/// and the generator above the stored table use; the name gains "+drops"
/// when a drop was kept.
RulePlan rule_plan_with_level_drops(int n);

}  // namespace trivcheck
