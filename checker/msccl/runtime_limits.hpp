#pragma once
#include "checker/core/program_layout.hpp"
#include "checker/msccl/violation_sink.hpp"

namespace trivcheck::msccl {

/// The limits of `runtime`'s parser and launch on a program (docs/msccl.md,
/// Runtimes), each a reason that runtime refuses the file: `runtime_limit`
/// violations naming the limit, the runtime's rule and the measured value.
/// Nothing for Runtime::none.
void check_runtime_limits(const ProgramLayout& layout, Runtime runtime, ViolationSink& violations);

}  // namespace trivcheck::msccl
