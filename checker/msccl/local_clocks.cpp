#include "checker/msccl/local_clocks.hpp"

#include <algorithm>

namespace trivcheck::msccl {

LocalClocks::LocalClocks(const ProgramLayout& layout)
    : index_(static_cast<std::size_t>(layout.block_count())),
      base_(static_cast<std::size_t>(layout.block_count()) + 1, 0) {
    std::size_t entries = 0;
    for (int block = 0; block < layout.block_count(); ++block) {
        const int gpu = layout.gpu_of(block);
        const auto width = static_cast<int>(layout.gpu(gpu).thread_blocks.size());
        index_[block] = block == 0 || layout.gpu_of(block - 1) != gpu ? 0 : index_[block - 1] + 1;
        base_[block] = entries;
        entries += static_cast<std::size_t>(width);
        widest_ = std::max(widest_, width);
    }
    base_.back() = entries;
    entries_.assign(entries, 0);
}

bool LocalClocks::join(int block, const std::int32_t* row) {
    std::int32_t* own = entries_.data() + base_[block];
    bool raised = false;
    for (int index = 0; index < width(block); ++index)
        if (row[index] > own[index]) {
            own[index] = row[index];
            raised = true;
        }
    return raised;
}

void LocalClocks::assign(int block, const std::int32_t* row) {
    std::copy_n(row, width(block), entries_.data() + base_[block]);
}

}  // namespace trivcheck::msccl
