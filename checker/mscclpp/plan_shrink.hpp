#pragma once
#include <string>

#include "checker/core/violation_kind.hpp"
#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp {

/// A smaller plan that still fails the same way, and what finding it took.
struct PlanShrinkResult {
    Plan plan;
    /// Candidates checked.
    int tests = 0;
};

/// `trivcheck shrink PLAN.json`: the smallest plan (thread blocks, then
/// operations, delta debugging) whose check still reports a violation of
/// `kind`; a candidate the run refuses is no smaller failing plan.
PlanShrinkResult shrink_plan(const Plan& plan, ViolationKind kind);

/// "2 gpus, 4 thread blocks, 62 operations".
std::string plan_size(const Plan& plan);

}  // namespace trivcheck::mscclpp
