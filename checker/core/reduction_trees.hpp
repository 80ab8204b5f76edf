#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "checker/core/flat_hash_map.hpp"

namespace trivcheck {

/// Identifies a reduction tree. Remembered trees are hash-consed: equal
/// remembered trees have equal ids.
using TreeId = std::uint32_t;

/// The order of additions behind a value (docs/consistency.md): a leaf is one
/// contribution, a node the sum of two trees. Addition is commutative (a + b
/// and b + a are one node) but not associative ((a + b) + c and a + (b + c)
/// are different trees), as floating-point addition is. Every remembered tree
/// is stored once, so comparing two values' orders of addition is comparing
/// two numbers. A run that makes each sum once and compares few of them (an
/// MSCCL-IR run, as its contribution sets do) may append sums unremembered
/// instead, and intern the few it compares.
class ReductionTrees {
  public:
    /// Leaves 0 .. `leaves` - 1 are made at once (others as they are asked for).
    explicit ReductionTrees(int leaves = 0);

    /// No value: what an empty cell holds.
    static constexpr TreeId none = 0;
    /// The leaf of contribution `contribution` (a number the caller gives meaning, >= 0).
    TreeId leaf(int contribution) {
        if (contribution < dense_leaves_) return static_cast<TreeId>(contribution) + 1;
        return sparse_leaf(contribution);
    }
    /// One addition of `a` and `b`, children unordered; an empty side gives the other.
    TreeId add(TreeId a, TreeId b) {
        if (a == none) return b;
        if (b == none) return a;
        if (!remember_sums_) {
            nodes_.push_back({a, b, kAppended, -1});
            return next_id() - 1;
        }
        return remembered_add(a, b);
    }
    /// Whether sums are hash-consed as they are made (the default). Without,
    /// a sum is appended without a look-up, so equal trees may have different
    /// ids until interned.
    void remember_sums(bool remember) { remember_sums_ = remember; }
    /// The remembered tree equal to `tree` (itself when remembered).
    TreeId interned(TreeId tree);

    bool is_leaf(TreeId tree) const { return dense(tree) || node(tree).left == none; }
    /// A leaf's contribution.
    int contribution(TreeId tree) const { return lowest_leaf(tree); }
    /// A node's children, in the order they are stored (by id, not meaningful).
    TreeId left(TreeId tree) const { return dense(tree) ? none : node(tree).left; }
    TreeId right(TreeId tree) const { return dense(tree) ? none : node(tree).right; }
    /// Additions on the longest path from the root to a leaf (a leaf: 0).
    int depth(TreeId tree) const;
    /// The smallest contribution among the leaves of a remembered tree.
    int lowest_leaf(TreeId tree) const {
        return dense(tree) ? static_cast<int>(tree) - 1 : node(tree).lowest;
    }
    /// Trees made (leaves and nodes), `none` included.
    std::size_t size() const { return nodes_.size() + static_cast<std::size_t>(dense_leaves_); }
    /// Room for `trees` trees without growing (their look-up table too, when sums are remembered).
    void reserve(std::size_t trees);

  private:
    /// `lowest` of an appended (unremembered) sum.
    static constexpr std::int32_t kAppended = -2;
    struct Node {
        TreeId left = none;
        TreeId right = none;
        std::int32_t lowest = -1;
        /// -1 until asked for, on appended sums.
        mutable std::int32_t depth = 0;
    };
    /// Ids 1 .. dense_leaves_ are the leaves made at once, kept as numbers, not nodes.
    bool dense(TreeId tree) const {
        return tree != none && tree <= static_cast<TreeId>(dense_leaves_);
    }
    /// The stored node of a tree that is not a dense leaf.
    const Node& node(TreeId tree) const {
        return nodes_[tree == none ? 0 : tree - static_cast<TreeId>(dense_leaves_)];
    }
    TreeId next_id() const {
        return static_cast<TreeId>(nodes_.size()) + static_cast<TreeId>(dense_leaves_);
    }
    TreeId sparse_leaf(int contribution);
    /// a + b hash-consed; both remembered.
    TreeId remembered_add(TreeId a, TreeId b);

    /// `none`, then every tree made but the dense leaves.
    std::vector<Node> nodes_;
    int dense_leaves_ = 0;
    bool remember_sums_ = true;
    /// (a, b) with a <= b -> node; (none, contribution) -> leaf beyond the dense ones.
    FlatHashMap ids_;
    /// [appended sum] -> its interned tree, once asked for.
    std::vector<TreeId> interned_;
};

/// The order of additions in short form, as `((0+1)+2)+3`: each node's child
/// with the lowest leaf first, leaves named by `name`; cut after `max_length`
/// characters (0: never), ending in "...". `tree` must be remembered.
std::string tree_text(const ReductionTrees& trees, TreeId tree,
                      const std::function<std::string(int contribution)>& name,
                      std::size_t max_length = 0);

}  // namespace trivcheck
