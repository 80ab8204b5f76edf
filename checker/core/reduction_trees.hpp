#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "checker/core/flat_hash_map.hpp"

namespace trivcheck {

/// Identifies a hash-consed reduction tree; equal trees share an id.
using TreeId = std::uint32_t;

/// The order of additions behind a value (docs/consistency.md): a leaf is one
/// contribution, a node the sum of two trees. Addition is commutative (a + b
/// and b + a are one node) but not associative ((a + b) + c and a + (b + c)
/// are different trees), as floating-point addition is. Every tree is stored
/// once: equal trees have equal ids, so comparing two values' orders of
/// addition is comparing two numbers.
class ReductionTrees {
  public:
    ReductionTrees();

    /// No value: what an empty cell holds.
    static constexpr TreeId none = 0;
    /// The leaf of contribution `contribution` (a number the caller gives meaning, >= 0).
    TreeId leaf(int contribution);
    /// One addition of `a` and `b`, children unordered; an empty side gives the other.
    TreeId add(TreeId a, TreeId b) {
        if (a == none) return b;
        if (b == none) return a;
        if (a > b) std::swap(a, b);
        const std::uint64_t key = (std::uint64_t{a} << 32) | b;
        if (const std::uint32_t* found = ids_.find(key)) return *found;
        return add_new(a, b, key);
    }

    bool is_leaf(TreeId tree) const { return nodes_[tree].left == none; }
    /// A leaf's contribution.
    int contribution(TreeId tree) const { return nodes_[tree].lowest; }
    /// A node's children, in the order they are stored (by id, not meaningful).
    TreeId left(TreeId tree) const { return nodes_[tree].left; }
    TreeId right(TreeId tree) const { return nodes_[tree].right; }
    /// Additions on the longest path from the root to a leaf (a leaf: 0).
    int depth(TreeId tree) const { return nodes_[tree].depth; }
    /// The smallest contribution among the leaves.
    int lowest_leaf(TreeId tree) const { return nodes_[tree].lowest; }
    /// Trees stored (leaves and nodes), `none` included.
    std::size_t size() const { return nodes_.size(); }
    /// Room for `trees` trees without growing.
    void reserve(std::size_t trees);

  private:
    struct Node {
        TreeId left = none;
        TreeId right = none;
        std::int32_t lowest = -1;
        std::int32_t depth = 0;
    };
    TreeId add_new(TreeId a, TreeId b, std::uint64_t key);

    std::vector<Node> nodes_;
    /// (a, b) with a <= b -> node; (none, contribution) -> leaf.
    FlatHashMap ids_;
};

/// The order of additions in short form, as `((0+1)+2)+3`: each node's child
/// with the lowest leaf first, leaves named by `name`; cut after `max_length`
/// characters (0: never), ending in "...".
std::string tree_text(const ReductionTrees& trees, TreeId tree,
                      const std::function<std::string(int contribution)>& name,
                      std::size_t max_length = 0);

}  // namespace trivcheck
