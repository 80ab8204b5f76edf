#pragma once
#include "checker/core/report.hpp"
#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp {

/// Executes an execution plan asynchronously and symbolically
/// (docs/mscclpp.md) and reports its verdict, violations and figures:
/// `asynchronous` carries the figures, with format "MSCCL++".
Report check_plan(const Plan& plan, int max_recorded_violations = 50);

}  // namespace trivcheck::mscclpp
