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
    /// Trees over contributions 0 to `contributions` - 1: contribution c's
    /// leaf is tree c, kept nowhere (2.1 million leaves at 1,024 ranks), and
    /// the sums are the trees after.
    explicit ReductionTrees(int contributions = 0) : contributions_(contributions) {}

    /// Room for `sums` sums without growing (growing copies every sum so
    /// far into room twice the size).
    void reserve(std::size_t sums);

    int leaf(int contribution) const { return contribution; }
    /// The tree of a + b.
    int sum(int left, int right);
    /// Additions on the longest root-to-leaf path (a leaf: 0).
    int depth(int tree) const {
        return tree < contributions_ ? 0 : depths_[static_cast<std::size_t>(tree - contributions_)];
    }
    /// The contributions of `tree`'s leaves, sorted, one per leaf: what the
    /// value holds (a double count shows twice). Worked out when asked, for
    /// the few outputs checked, instead of kept for every value a run makes.
    std::vector<int> contributions(int tree) const;

  private:
    int add(std::pair<int, int> key, int depth);

    int contributions_;
    /// Per tree (the leaves, then the sums; made at the first sum), the
    /// first sum it is the smaller child of, -1: none yet (its larger child
    /// in parts_): most trees are added to one other only (a partial sum,
    /// once), so a sum is found or made here, next to where the run just
    /// was, without a miss in the table.
    std::vector<int> first_sum_;
    /// The other sums, {smaller child, larger child} as one 64-bit key (a
    /// hash table: a map's node per tree cost 64 bytes and a cache miss per
    /// level).
    IdTable ids_;
    /// Per sum (tree contributions_ + s), its two children and its depth.
    std::vector<std::pair<int, int>> parts_;
    std::vector<int> depths_;
};

}  // namespace trivcheck::mscclpp
