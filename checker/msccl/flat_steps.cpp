#include "checker/msccl/flat_steps.hpp"

#include <algorithm>

namespace trivcheck::msccl {

FlatSteps::FlatSteps(const ProgramLayout& layout) : base_(layout.block_count() + 1, 0) {
    for (int block = 0; block < layout.block_count(); ++block)
        base_[block + 1] = base_[block] + layout.block(block).steps.size();
    released_by_.assign(count(), -1);
    waited_block_.assign(count(), -1);
    // Per thread block, the first signalling step at or after each of its
    // steps, and one entry past its end (-1: none).
    std::vector<int> first_signal_from(count() + layout.block_count(), -1);
    const auto first_of = [&](int block) {
        return first_signal_from.data() + base_[block] + block;
    };
    for (int block = 0; block < layout.block_count(); ++block) {
        const std::vector<Step>& steps = layout.block(block).steps;
        int* first = first_of(block);
        for (int step = static_cast<int>(steps.size()) - 1; step >= 0; --step)
            first[step] = steps[step].signals ? step : first[step + 1];
    }
    for (int block = 0; block < layout.block_count(); ++block) {
        const std::vector<Step>& steps = layout.block(block).steps;
        for (int step = 0; step < static_cast<int>(steps.size()); ++step) {
            if (steps[step].depends_on_block < 0) continue;
            const int waited =
                layout.block_with_id(layout.gpu_of(block), steps[step].depends_on_block);
            if (waited < 0) continue;
            waited_block_[index(block, step)] = waited;
            const int last = static_cast<int>(layout.block(waited).steps.size());
            released_by_[index(block, step)] =
                first_of(waited)[std::clamp(steps[step].depends_on_step, 0, last)];
        }
    }
}

}  // namespace trivcheck::msccl
