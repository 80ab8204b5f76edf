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
    // Each representative (rank 0 alone, without symmetry steps) runs the model
    // operations of its coset translated onto it, in the whole step's order
    // (operation j under the i-th symmetry is operation i * |model| + j there).
    const std::size_t count = step.local.size() / source_.model_divisor;
    struct Placed {
        std::size_t index;  // in the whole step
        std::size_t model;
        int rank;  // the representative that runs it
        int shift;
    };
    std::vector<Placed> order;
    order.reserve(count);
    for (std::size_t j = 0; j < count; ++j) {
        const int rank = step.local[j].rank;
        const int representative = translations_.representative_of(rank);
        const int shift = translations_.difference(representative, rank);
        order.push_back({static_cast<std::size_t>(translations_.symmetry_index(shift)) * count + j,
                         j, representative, shift});
    }
    std::sort(order.begin(), order.end(),
              [](const Placed& a, const Placed& b) { return a.index < b.index; });
    for (const Placed& placed : order)
        run_local_operation(step_index, placed.rank, step.local[placed.model], placed.shift,
                            placed.index);
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
        Violation violation{ViolationKind::double_count,
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
