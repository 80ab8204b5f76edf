#include "checker/mscclpp/plan_shrink.hpp"

#include <algorithm>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "checker/mscclpp/plan_check.hpp"
#include "checker/search/delta_debugging.hpp"

namespace trivcheck::mscclpp {

namespace {

/// (gpu position, thread block position, operation position); -1: the whole block.
using PlanPlace = std::tuple<int, int, int>;

/// `plan` keeping the thread blocks in `blocks` and, when `operations_chosen`,
/// only the operations in `operations` (renumbered in their thread block).
Plan projected(const Plan& plan, const std::set<PlanPlace>& blocks,
               const std::set<PlanPlace>& operations, bool operations_chosen) {
    Plan result = plan;
    for (std::size_t g = 0; g < plan.gpus.size(); ++g) {
        std::vector<ThreadBlock> kept;
        const std::vector<ThreadBlock>& given = plan.gpus[g].thread_blocks;
        for (std::size_t b = 0; b < given.size(); ++b) {
            const int gpu = static_cast<int>(g);
            const int block = static_cast<int>(b);
            if (!blocks.count({gpu, block, -1})) continue;
            ThreadBlock copy = given[b];
            copy.operations.clear();
            for (std::size_t o = 0; o < given[b].operations.size(); ++o) {
                if (operations_chosen && !operations.count({gpu, block, static_cast<int>(o)}))
                    continue;
                copy.operations.push_back(given[b].operations[o]);
                copy.operations.back().index = static_cast<int>(copy.operations.size()) - 1;
            }
            kept.push_back(std::move(copy));
        }
        // The kept blocks' ids renumbered 0, 1, ... in the order of their ids:
        // the executor takes a gpu's thread block ids as positions in its list
        // (execution_plan.cc's setupChannels), so a plan that keeps block 5 of
        // 6 alone names it 0, or `check` refuses what `shrink` wrote.
        std::vector<int> ids;
        for (const ThreadBlock& block : kept) ids.push_back(block.id);
        std::sort(ids.begin(), ids.end());
        for (ThreadBlock& block : kept)
            block.id =
                static_cast<int>(std::lower_bound(ids.begin(), ids.end(), block.id) - ids.begin());
        result.gpus[g].thread_blocks = std::move(kept);
    }
    return result;
}

}  // namespace

PlanShrinkResult shrink_plan(const Plan& plan, ViolationKind kind) {
    PlanShrinkResult result{plan, 0};
    auto fails = [&](const Plan& candidate) {
        ++result.tests;
        try {
            return check_plan(candidate, 1).violation_counts.count(kind) > 0;
        } catch (const std::exception&) {
            return false;
        }
    };
    std::vector<PlanPlace> blocks;
    for (std::size_t g = 0; g < plan.gpus.size(); ++g)
        for (std::size_t b = 0; b < plan.gpus[g].thread_blocks.size(); ++b)
            blocks.emplace_back(static_cast<int>(g), static_cast<int>(b), -1);
    const std::vector<PlanPlace> kept_blocks =
        minimise_failing_subset(blocks, [&](const std::vector<PlanPlace>& subset) {
            return fails(projected(plan, {subset.begin(), subset.end()}, {}, false));
        });
    const std::set<PlanPlace> block_set(kept_blocks.begin(), kept_blocks.end());
    std::vector<PlanPlace> operations;
    for (const PlanPlace& place : kept_blocks) {
        const int g = std::get<0>(place);
        const int b = std::get<1>(place);
        const ThreadBlock& block =
            plan.gpus[static_cast<std::size_t>(g)].thread_blocks[static_cast<std::size_t>(b)];
        for (std::size_t o = 0; o < block.operations.size(); ++o)
            operations.emplace_back(g, b, static_cast<int>(o));
    }
    const std::vector<PlanPlace> kept_operations =
        minimise_failing_subset(operations, [&](const std::vector<PlanPlace>& subset) {
            return fails(projected(plan, block_set, {subset.begin(), subset.end()}, true));
        });
    result.plan =
        projected(plan, block_set, {kept_operations.begin(), kept_operations.end()}, true);
    return result;
}

std::string plan_size(const Plan& plan) {
    int blocks = 0;
    int operations = 0;
    for (const Gpu& gpu : plan.gpus) {
        blocks += static_cast<int>(gpu.thread_blocks.size());
        for (const ThreadBlock& block : gpu.thread_blocks)
            operations += static_cast<int>(block.operations.size());
    }
    return std::to_string(plan.gpus.size()) + " gpus, " + std::to_string(blocks) +
           " thread blocks, " + std::to_string(operations) + " operations";
}

}  // namespace trivcheck::mscclpp
