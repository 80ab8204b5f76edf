#pragma once
#include <utility>
#include <vector>

#include "checker/mscclpp/paged_clock.hpp"

namespace trivcheck::mscclpp {

/// Reduction trees (the project's specification, section 7): a leaf per
/// contribution, a node per addition with its two children unordered
/// (a + b = b + a exactly, (a + b) + c and a + (b + c) may differ), kept
/// once each: equal trees have equal ids, so comparing two values' trees is
/// comparing two ints.
class ReductionTrees {
  public:
    int leaf(int contribution);
    /// The tree of a + b.
    int sum(int left, int right);
    /// Additions on the longest root-to-leaf path (a leaf: 0).
    int depth(int tree) const { return depths_[static_cast<std::size_t>(tree)]; }
    /// The contributions of `tree`'s leaves, sorted, one per leaf: what the
    /// value holds (a double count shows twice). Worked out when asked, for
    /// the few outputs checked, instead of kept for every value a run makes.
    std::vector<int> contributions(int tree) const;

  private:
    int add(std::pair<int, int> key, int depth);
    /// Per tree, its two children; a leaf: {-1, its contribution}.
    std::vector<std::pair<int, int>> parts_;
    /// Node {smaller child, larger child} as one 64-bit key (a hash table: a
    /// map's node per tree cost 64 bytes and a cache miss per level).
    IdTable ids_;
    /// Per contribution id (dense, and started in order), its leaf; -1: none yet.
    std::vector<int> leaves_;
    std::vector<int> depths_;
};

}  // namespace trivcheck::mscclpp
