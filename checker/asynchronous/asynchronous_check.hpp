#pragma once
#include "checker/core/report.hpp"
#include "models/msccl_program.hpp"

namespace trivcheck::msccl {

struct AsynchronousOptions {
    int max_recorded_violations = 50;
    /// Also check RCCL's limits (docs/msccl.md) as `runtime_limit` violations.
    bool rccl_limits = false;
};

/// Executes an MSCCL-IR program asynchronously and symbolically
/// (docs/msccl.md) and reports its verdict, violations and figures. The
/// program must be one the reader accepted.
Report check_program(const Program& program, const AsynchronousOptions& options = {});

}  // namespace trivcheck::msccl
