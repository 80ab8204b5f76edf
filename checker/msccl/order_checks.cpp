#include "checker/msccl/order_checks.hpp"

#include <algorithm>
#include <string>

#include "checker/core/order_check_names.hpp"
#include "checker/core/rank_consistency.hpp"

namespace trivcheck::msccl {

namespace {

/// Every gpu's tree of every output chunk: trees[chunk][gpu], interned where
/// the gpus' ids differ.
FinalTrees output_trees(const ProgramLayout& layout, SymbolicExecution& execution) {
    FinalTrees finals;
    const ChunkStore& store = execution.store();
    int chunks = 0;
    for (int gpu = 0; gpu < layout.gpu_count(); ++gpu)
        chunks = std::max(chunks, layout.logical_chunks(gpu, Buffer::output));
    for (int chunk = 0; chunk < chunks; ++chunk) {
        finals.chunks.push_back(chunk);
        std::vector<TreeId>& gpus = finals.trees.emplace_back();
        for (int gpu = 0; gpu < layout.gpu_count(); ++gpu)
            gpus.push_back(chunk < layout.logical_chunks(gpu, Buffer::output)
                               ? store.tree(store.cell_index(gpu, Buffer::output, chunk))
                               : ReductionTrees::none);
    }
    intern_where_ranks_differ(execution.trees(), finals);
    return finals;
}

/// Why the gpus of `collective` need not end with equal outputs; empty when
/// they must (allreduce, allgather, broadcast), and rank consistency applies.
std::string unequal_outputs_reason(Collective collective) {
    switch (collective) {
        case Collective::allreduce:
        case Collective::allgather:
        case Collective::broadcast:
            return "";
        case Collective::alltoall:
        case Collective::alltoallv:
            return "an alltoall adds nothing: its outputs are inputs moved";
        case Collective::reduce_scatter:
        case Collective::scatter:
            return std::string("a ") +
                   (collective == Collective::scatter ? "scatter" : "reduce-scatter") +
                   " leaves each output chunk at one gpu";
        case Collective::reduce:
        case Collective::gather:
            return std::string("a ") + spelling(collective) + " leaves its output at the root only";
        case Collective::send:
        case Collective::recv:
        case Collective::custom:
            break;
    }
    return std::string("a ") + spelling(collective) +
           " does not say which gpus end with equal outputs";
}

}  // namespace

void add_order_checks(const ProgramLayout& layout, SymbolicExecution& execution, Report& report) {
    const FinalTrees finals = output_trees(layout, execution);
    const Collective collective = layout.program().collective;
    const std::string unequal = unequal_outputs_reason(collective);
    if (unequal.empty()) {
        TreeNames names{"gpu", "output chunk", [&](int chunk, int contribution) {
                            const int gpu = layout.contribution_gpu(contribution);
                            const int input = layout.contribution_chunk(contribution);
                            // An allreduce chunk c sums input chunk c of all gpus: named by gpu.
                            return collective == Collective::allreduce && input == chunk
                                       ? std::to_string(gpu)
                                       : std::to_string(gpu) + ":" + std::to_string(input);
                        }};
        report.checks[rank_consistency_check] = rank_consistency(execution.trees(), finals, names);
    } else {
        report.checks[rank_consistency_check] = {Verdict::not_applicable, unequal};
    }
    report.checks[determinism_check] =
        execution.unordered_reductions() == 0
            ? CheckOutcome{Verdict::holds,
                           "no two unordered steps add into one chunk: every value has one order "
                           "of additions, whichever step runs first"}
            : CheckOutcome{Verdict::violated,
                           std::to_string(execution.unordered_reductions()) +
                               " pair(s) of unordered steps add into one chunk (each also a "
                               "race); the first: " +
                               execution.first_unordered_reduction()};
    report.reduction_depth = reduction_depth(execution.trees(), finals);
}

}  // namespace trivcheck::msccl
