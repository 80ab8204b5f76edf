#pragma once
#include <cstddef>
#include <memory>
#include <unordered_map>
#include <vector>

#include "models/block_set.hpp"

namespace trivcheck {

/// Builds BlockSets for schedules read from files so that sets which are
/// rotations of one another (mod the block count) share one stored pattern,
/// as generated rotation-symmetric schedules do: a file with n ranks then
/// costs O(n) block indices in memory, not O(n^2), and code that compares
/// patterns by pointer sees the same sharing either way.
class BlockSetPool {
  public:
    /// Sets built here are subsets of [0, modulus).
    explicit BlockSetPool(int modulus) : modulus_(modulus) {}

    /// `sorted`: ascending, unique, non-empty, each in [0, modulus). Linear in
    /// its size (plus hashing).
    BlockSet make(const std::vector<int>& sorted);

    /// Distinct patterns handed out so far.
    std::size_t pattern_count() const { return patterns_.size(); }

  private:
    struct Hash {
        std::size_t operator()(const std::vector<int>& blocks) const;
    };

    int modulus_;
    std::vector<int> gaps_;
    std::vector<int> scratch_;
    std::unordered_map<std::vector<int>, std::shared_ptr<const std::vector<int>>, Hash> patterns_;
};

}  // namespace trivcheck
