#include "checker/asynchronous/vector_clocks.hpp"

#include <algorithm>

namespace trivcheck::msccl {

VectorClocks::VectorClocks(int blocks)
    : blocks_(static_cast<std::size_t>(blocks)), clocks_(blocks_ * blocks_, 0) {}

void VectorClocks::start_step(int block, int step) {
    clocks_[std::size_t(block) * blocks_ + block] = step + 1;
}

void VectorClocks::join(int block, int snapshot) {
    std::int32_t* own = clocks_.data() + std::size_t(block) * blocks_;
    const std::int32_t* seen = snapshots_.data() + std::size_t(snapshot) * blocks_;
    for (std::size_t other = 0; other < blocks_; ++other)
        own[other] = std::max(own[other], seen[other]);
}

int VectorClocks::snapshot(int block) {
    const std::size_t first = std::size_t(block) * blocks_;
    snapshots_.insert(snapshots_.end(), clocks_.begin() + static_cast<std::ptrdiff_t>(first),
                      clocks_.begin() + static_cast<std::ptrdiff_t>(first + blocks_));
    return static_cast<int>(snapshots_.size() / blocks_) - 1;
}

}  // namespace trivcheck::msccl
