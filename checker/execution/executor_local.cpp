#include <algorithm>
#include <string>
#include <vector>

#include "checker/execution/executor_parts.hpp"
#include "models/ring_arithmetic.hpp"

namespace trivcheck {

void Executor::run_local_operations(int step_index, const Step& step) {
    if (step.local.empty()) return;
    if (!source_.orbit) {
        for (std::size_t i = 0; i < step.local.size(); ++i)
            run_local_operation(step_index, step.local[i].rank, step.local[i], 0, i);
        return;
    }
    // Rank 0 runs each model operation translated onto it, in the whole step's order
    // (operation j under translation t is operation t * |model| + j there).
    const std::size_t count = step.local.size() / source_.model_divisor;
    std::vector<std::pair<std::size_t, std::size_t>> order;  // (index in whole step, model j)
    order.reserve(count);
    for (std::size_t j = 0; j < count; ++j)
        order.emplace_back(
            static_cast<std::size_t>(translations_.inverse(step.local[j].rank)) * count + j, j);
    std::sort(order.begin(), order.end());
    for (const auto& [index, j] : order) {
        const LocalOp& model = step.local[j];
        run_local_operation(step_index, 0, model, translations_.inverse(model.rank), index);
    }
}

void Executor::run_local_operation(int step_index, int rank, const LocalOp& operation, int shift,
                                   std::size_t index) {
    operation.blocks.for_each([&](int listed) {
        const int block = shift == 0 ? listed : translations_.translate_block(listed, shift);
        const SetId source = state_.relative_value(rank, operation.src_buffer, block);
        SetId& target = state_.cell(rank, operation.dst_buffer, block);
        if (operation.op == Op::copy) {
            target = source;
            return;
        }
        const UnionResult joined = sets_.unite(target, source);
        target = joined.set;
        if (joined.overlap < 0) return;
        const int contributor = translations_.add(joined.overlap, rank);
        Violation violation{"double_count",
                            step_index,
                            rank,
                            block,
                            contributor,
                            2,
                            {},
                            {},
                            "rank " + std::to_string(rank) + " adds block " +
                                std::to_string(block) + " of buffer " +
                                schedule_.buffer_name(operation.src_buffer) + " into buffer " +
                                schedule_.buffer_name(operation.dst_buffer) + " (local operation " +
                                std::to_string(index) + ") and counts contribution " +
                                std::to_string(contributor) + " twice"};
        if (operation.dst_buffer != main_buffer)
            violation.buffer = schedule_.buffer_name(operation.dst_buffer);
        record(std::move(violation), orbit_weight());
    });
}

}  // namespace trivcheck
