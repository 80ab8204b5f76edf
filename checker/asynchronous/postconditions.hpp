#pragma once
#include "checker/asynchronous/symbolic_execution.hpp"

namespace trivcheck::msccl {

/// docs/msccl.md's postconditions on every output chunk of every gpu after a
/// complete run: `missing` (an expected contribution is absent) and
/// `unexpected_contribution` (one that belongs elsewhere is present). Double
/// counts were reported when the reduction happened.
void check_postconditions(const ProgramLayout& layout, const SymbolicExecution& execution,
                          ViolationSink& violations);

}  // namespace trivcheck::msccl
