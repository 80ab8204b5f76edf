#pragma once
#include <span>

#include "checker/core/report.hpp"
#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp {

/// Executes an execution plan asynchronously and symbolically
/// (docs/mscclpp.md) and reports its verdict, violations and figures:
/// `asynchronous` carries the figures, with format "MSCCL++". Violations of
/// the `allowed` kinds (`check --allow`) go to the report's `allowed`, not
/// into its verdict.
Report check_plan(const Plan& plan, int max_recorded_violations = 50,
                  std::span<const ViolationKind> allowed = {});

}  // namespace trivcheck::mscclpp
