#include "checker/mscclpp/plan_steps.hpp"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <limits>
#include <numeric>

namespace trivcheck::mscclpp {

namespace {

std::size_t steps_of_block(const ThreadBlock& block) {
    std::size_t count = 0;
    for (const Operation& operation : block.operations)
        count += operation.kind == OperationKind::pipeline
                     ? static_cast<std::size_t>(pipeline_iterations) * operation.inner().size()
                     : 1;
    return count;
}

}  // namespace

std::vector<PlanStep> thread_block_steps(const ThreadBlock& block) {
    std::vector<PlanStep> steps;
    // Exactly: grown by doubling, the steps of a plan's thread blocks took a
    // third more than they hold.
    steps.reserve(steps_of_block(block));
    for (const Operation& operation : block.operations) {
        if (operation.kind != OperationKind::pipeline) {
            steps.push_back({&operation, -1, 0});
            continue;
        }
        for (int iteration = 0; iteration < pipeline_iterations; ++iteration)
            for (const Operation& inner : operation.inner())
                steps.push_back({&inner, iteration, operation.pipeline->chunks});
    }
    return steps;
}

bool unrolls_pipeline(const ThreadBlock& block) {
    return std::any_of(
        block.operations.begin(), block.operations.end(),
        [](const Operation& operation) { return operation.kind == OperationKind::pipeline; });
}

bool has_pipeline(const Plan& plan) {
    for (const Gpu& gpu : plan.gpus)
        for (const ThreadBlock& block : gpu.thread_blocks)
            if (unrolls_pipeline(block)) return true;
    return false;
}

std::int64_t pieces_per_chunk_wide(const Plan& plan) {
    // Past int's range the multiple stops growing: that is all a caller needs to refuse it.
    constexpr std::int64_t past_int = std::int64_t{std::numeric_limits<int>::max()} + 1;
    std::int64_t groups = 1;
    auto note = [&](const Operation& operation) {
        // Mostly a group size that divides the multiple so far: no lcm (a
        // division or two) for each of millions of operations.
        if (operation.group_size > 0 && groups % operation.group_size == 0) return;
        groups = std::min(past_int, std::lcm(groups, std::int64_t{operation.group_size}));
    };
    for (const Gpu& gpu : plan.gpus)
        for (const ThreadBlock& block : gpu.thread_blocks)
            for (const Operation& operation : block.operations) {
                note(operation);
                for (const Operation& inner : operation.inner()) note(inner);
            }
    return groups * (has_pipeline(plan) ? pipeline_iterations : 1);
}

int pieces_per_chunk(const Plan& plan) {
    const std::int64_t pieces = pieces_per_chunk_wide(plan);
    // The readers refuse a plan past this (plan_run_size.hpp); a plan made in memory is small.
    assert(pieces <= std::numeric_limits<int>::max());
    return static_cast<int>(pieces);
}

PieceSpan step_pieces(const PlanStep& step, int size, int pieces) {
    const Operation& operation = *step.operation;
    // execution_plan.cc's calcOffset: the group's slices of the range.
    // In 64 bits: a range's pieces fit in int, a group index times them may not.
    const std::int64_t length = std::int64_t{size} * pieces;
    int begin = static_cast<int>(operation.group_index * length / operation.group_size);
    int end = static_cast<int>((operation.group_index + 1) * length / operation.group_size);
    if (step.iteration < 0) return {begin, end};
    // execution_kernel.hpp's handlePipeline: iteration i from offset i * unit.
    const int unit = step.pipeline_chunks * pieces / pipeline_iterations;
    begin = std::min(end, begin + step.iteration * unit);
    end = std::min(end, begin + unit);
    return {begin, end};
}

}  // namespace trivcheck::mscclpp
