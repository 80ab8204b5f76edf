#include "checker/core/block_set_pool.hpp"

#include <algorithm>
#include <cassert>
#include <cstdint>

namespace trivcheck {
namespace {

/// Start of the lexicographically least rotation of `sequence` (the
/// two-pointer method: linear time, constant space).
std::size_t least_rotation(const std::vector<int>& sequence) {
    const std::size_t n = sequence.size();
    std::size_t i = 0;
    std::size_t j = 1;
    std::size_t k = 0;
    // Indices wrap at most once (i + k < 2n): a subtraction, not a division.
    auto at = [&](std::size_t index) { return sequence[index < n ? index : index - n]; };
    while (i < n && j < n && k < n) {
        const int a = at(i + k);
        const int b = at(j + k);
        if (a == b) {
            ++k;
            continue;
        }
        if (a > b)
            i += k + 1;
        else
            j += k + 1;
        if (i == j) ++j;
        k = 0;
    }
    return std::min(i, j);
}

}  // namespace

BlockSet BlockSetPool::make(const std::vector<int>& sorted) {
    const std::size_t count = sorted.size();
    assert(count > 0 && sorted.front() >= 0 && sorted.back() < modulus_);
    // Rotations of one set have the same cyclic sequence of gaps between
    // consecutive blocks; starting at its least rotation gives every rotation
    // the same pattern, and the block found there is the offset.
    gaps_.resize(count);
    for (std::size_t i = 0; i + 1 < count; ++i) gaps_[i] = sorted[i + 1] - sorted[i];
    gaps_[count - 1] = sorted[0] + modulus_ - sorted[count - 1];
    const std::size_t start = least_rotation(gaps_);
    const int offset = sorted[start];
    scratch_.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t at = start + i < count ? start + i : start + i - count;
        const int block = sorted[at] - offset;
        scratch_[i] = block < 0 ? block + modulus_ : block;
    }
    auto found = patterns_.find(scratch_);
    if (found == patterns_.end())
        found =
            patterns_.emplace(scratch_, std::make_shared<const std::vector<int>>(scratch_)).first;
    return BlockSet(found->second, offset, modulus_);
}

std::size_t BlockSetPool::Hash::operator()(const std::vector<int>& blocks) const {
    std::uint64_t hash = 1469598103934665603ull;  // FNV-1a
    for (int block : blocks) hash = (hash ^ static_cast<std::uint32_t>(block)) * 1099511628211ull;
    return static_cast<std::size_t>(hash);
}

}  // namespace trivcheck
