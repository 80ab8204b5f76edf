#include "checker/core/reduction_trees.hpp"

#include <algorithm>

namespace trivcheck {

ReductionTrees::ReductionTrees(int leaves) : dense_leaves_(std::max(0, leaves)) {
    nodes_.push_back(Node{});
}

TreeId ReductionTrees::sparse_leaf(int contribution) {
    const std::uint64_t key = static_cast<std::uint32_t>(contribution);
    if (const std::uint32_t* found = ids_.find(key)) return *found;
    const TreeId id = next_id();
    nodes_.push_back({none, none, contribution, 0});
    ids_.insert(key, id);
    return id;
}

TreeId ReductionTrees::remembered_add(TreeId a, TreeId b) {
    if (a > b) std::swap(a, b);
    const std::uint64_t key = (std::uint64_t{a} << 32) | b;
    if (const std::uint32_t* found = ids_.find(key)) return *found;
    const TreeId id = next_id();
    nodes_.push_back(
        {a, b, std::min(lowest_leaf(a), lowest_leaf(b)), 1 + std::max(depth(a), depth(b))});
    ids_.insert(key, id);
    return id;
}

TreeId ReductionTrees::interned(TreeId tree) {
    if (tree == none || dense(tree) || node(tree).lowest != kAppended) return tree;
    if (interned_.size() <= tree) interned_.resize(next_id(), none);
    if (interned_[tree] != none) return interned_[tree];
    const Node sum = node(tree);
    const TreeId left_tree = interned(sum.left);
    const TreeId right_tree = interned(sum.right);
    const TreeId id = remembered_add(left_tree, right_tree);
    interned_[tree] = id;
    return id;
}

int ReductionTrees::depth(TreeId tree) const {
    if (dense(tree)) return 0;
    const Node& sum = node(tree);
    if (sum.depth < 0) sum.depth = 1 + std::max(depth(sum.left), depth(sum.right));
    return sum.depth;
}

void ReductionTrees::reserve(std::size_t trees) {
    nodes_.reserve(trees);
    if (remember_sums_) ids_.reserve(trees);
}

namespace {

void append_text(const ReductionTrees& trees, TreeId tree,
                 const std::function<std::string(int)>& name, bool inner, std::size_t max_length,
                 std::string& out) {
    if (max_length > 0 && out.size() > max_length) return;
    if (tree == ReductionTrees::none) {
        out += "nothing";
        return;
    }
    if (trees.is_leaf(tree)) {
        out += name(trees.contribution(tree));
        return;
    }
    TreeId first = trees.left(tree);
    TreeId second = trees.right(tree);
    if (trees.lowest_leaf(second) < trees.lowest_leaf(first)) std::swap(first, second);
    if (inner) out += '(';
    append_text(trees, first, name, true, max_length, out);
    out += '+';
    append_text(trees, second, name, true, max_length, out);
    if (inner) out += ')';
}

}  // namespace

std::string tree_text(const ReductionTrees& trees, TreeId tree,
                      const std::function<std::string(int)>& name, std::size_t max_length) {
    std::string out;
    append_text(trees, tree, name, false, max_length, out);
    if (max_length > 0 && out.size() > max_length) out = out.substr(0, max_length) + "...";
    return out;
}

}  // namespace trivcheck
