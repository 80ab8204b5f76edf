#pragma once
#include "checker/core/report.hpp"
#include "checker/msccl/symbolic_execution.hpp"

namespace trivcheck::msccl {

/// The checks on the order of additions (docs/consistency.md) of a completed
/// run: rank_consistency for an allreduce or allgather (every gpu ends with
/// one tree per output chunk), determinism (no two unordered steps add into
/// one chunk), and the reduction depth of the outputs. The outputs' trees are
/// interned where the gpus' ids of one chunk differ (equal ids are equal trees).
void add_order_checks(const ProgramLayout& layout, SymbolicExecution& execution, Report& report);

}  // namespace trivcheck::msccl
