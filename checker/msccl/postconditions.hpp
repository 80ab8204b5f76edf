#pragma once
#include "checker/msccl/postcondition.hpp"
#include "checker/msccl/symbolic_execution.hpp"

namespace trivcheck::msccl {

/// `postcondition` on every output chunk it constrains after a complete run:
/// `missing` (an expected contribution is absent) and `unexpected_contribution`
/// (one that belongs elsewhere is present). Double counts were reported when
/// the reduction happened.
void check_postconditions(const Postcondition& postcondition, const ProgramLayout& layout,
                          const SymbolicExecution& execution, ViolationSink& violations);

}  // namespace trivcheck::msccl
