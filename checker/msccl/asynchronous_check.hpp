#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>

#include "checker/core/expected_outputs.hpp"
#include "checker/core/report.hpp"
#include "models/msccl_program.hpp"

namespace trivcheck::msccl {

struct AsynchronousOptions {
    int max_recorded_violations = 50;
    /// The runtime judged against (docs/msccl.md, Runtimes): its limits are
    /// `runtime_limit` violations; none: the model alone.
    Runtime runtime = Runtime::none;
    /// Refuse (ResourceLimit) a program whose execution would need more; 0:
    /// 80% of the available memory.
    std::uint64_t memory_limit_bytes = 0;
    /// Programs of at least this many steps run the value side of the
    /// execution on a second thread (two_sided_run.hpp); the report is the
    /// same either way.
    std::size_t two_threads_from_steps = 4096;
    /// The root of broadcast, reduce, gather and scatter: RCCL takes it at
    /// run time and the MSCCL kernel ignores it, so the file cannot say.
    int root = 0;
    /// The user's postcondition (`check --expect`), replacing the collective's own.
    std::optional<ExpectedOutputs> expected;
};

/// Executes an MSCCL-IR program asynchronously and symbolically
/// (docs/msccl.md) and reports its verdict, violations and figures. The
/// program must be one the reader accepted. Throws ResourceLimit, before
/// running, when its vector clocks and values would not fit in memory.
Report check_program(const Program& program, const AsynchronousOptions& options = {});

}  // namespace trivcheck::msccl
