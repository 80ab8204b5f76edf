#pragma once
#include <string_view>

#include "checker/msccl/violation_sink.hpp"
#include "checker/mscclpp/one_sided_run.hpp"

namespace trivcheck::mscclpp {

/// Whether docs/mscclpp.md states a postcondition for the plan's collective
/// (allreduce, allgather, reducescatter, alltoall).
bool has_postcondition(const Plan& plan);

/// Whether the MSCCL++ DSL names a collective `name`: the four above, and
/// `test` and `sendrecv`, which have no postcondition. The executor runs a
/// plan of any name (checkMessageSize reads it only to take the output size,
/// not the input's, for "allgather"), so another name is a warning, never a pass
/// of a postcondition nobody checked.
bool is_known_collective(std::string_view name);

/// The chunks of the collective's buffer m on gpu 0, as the report states it:
/// the output for "allgather" (an all-gather's m is what every gpu ends with,
/// as for MSCCL-IR), the input otherwise.
int buffer_chunks(const Plan& plan);

/// The collective's postcondition on every output piece of every gpu after a
/// complete run: `missing`, `double_count`, `unexpected_contribution`, one
/// violation per output chunk.
void check_plan_postconditions(const Plan& plan, const CellLayout& cells, const RunResult& run,
                               msccl::ViolationSink& violations);

/// All-reduce after a complete run: whether every gpu holds the same
/// reduction tree for each output piece (`rank_consistency`, one per chunk,
/// naming the gpus that differ from gpu 0, into `violations`). Returns the deepest
/// output tree (the reduction_depth figure); 0 for other collectives.
int check_rank_consistency(const Plan& plan, const CellLayout& cells, const RunResult& run,
                           msccl::ViolationSink& violations);

}  // namespace trivcheck::mscclpp
