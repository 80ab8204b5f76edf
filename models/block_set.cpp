#include "models/block_set.hpp"

#include <algorithm>
#include <cassert>

namespace trivcheck {

BlockSet::BlockSet(std::vector<int> blocks, int modulus) : modulus_(modulus) {
    std::sort(blocks.begin(), blocks.end());
    blocks.erase(std::unique(blocks.begin(), blocks.end()), blocks.end());
    for (int block : blocks) assert(block >= 0 && block < modulus);
    pattern_ = std::make_shared<const std::vector<int>>(std::move(blocks));
}

BlockSet::BlockSet(std::shared_ptr<const std::vector<int>> pattern, int offset, int modulus)
    : pattern_(std::move(pattern)),
      offset_(((offset % modulus) + modulus) % modulus),
      modulus_(modulus) {}

BlockSet BlockSet::single(int block, int modulus) { return BlockSet({block}, modulus); }

BlockSet BlockSet::all(int modulus) {
    std::vector<int> blocks(static_cast<std::size_t>(modulus));
    for (int b = 0; b < modulus; ++b) blocks[static_cast<std::size_t>(b)] = b;
    return BlockSet(std::move(blocks), modulus);
}

bool BlockSet::contains(int block) const {
    if (!pattern_) return false;
    int unrotated = ((block - offset_) % modulus_ + modulus_) % modulus_;
    return std::binary_search(pattern_->begin(), pattern_->end(), unrotated);
}

std::vector<int> BlockSet::sorted() const {
    std::vector<int> blocks;
    blocks.reserve(size());
    for_each([&](int block) { blocks.push_back(block); });
    std::sort(blocks.begin(), blocks.end());
    return blocks;
}

BlockSet BlockSet::rotated(int delta) const {
    return BlockSet(pattern_, offset_ + delta, modulus_);
}

}  // namespace trivcheck
