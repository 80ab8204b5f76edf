#pragma once
#include <map>
#include <utility>
#include <vector>

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

  private:
    int add(std::pair<int, int> key, int depth);
    /// Leaf: {-1, contribution}; node: {smaller child, larger child}.
    std::map<std::pair<int, int>, int> ids_;
    std::vector<int> depths_;
};

}  // namespace trivcheck::mscclpp
