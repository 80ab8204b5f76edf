#include "checker/core/reduction_trees.hpp"

#include <algorithm>

namespace trivcheck {

ReductionTrees::ReductionTrees() { nodes_.push_back(Node{}); }

TreeId ReductionTrees::leaf(int contribution) {
    const std::uint64_t key = static_cast<std::uint32_t>(contribution);
    if (const std::uint32_t* found = ids_.find(key)) return *found;
    const auto id = static_cast<TreeId>(nodes_.size());
    nodes_.push_back({none, none, contribution, 0});
    ids_.insert(key, id);
    return id;
}

TreeId ReductionTrees::add_new(TreeId a, TreeId b, std::uint64_t key) {
    const auto id = static_cast<TreeId>(nodes_.size());
    nodes_.push_back({a, b, std::min(nodes_[a].lowest, nodes_[b].lowest),
                      1 + std::max(nodes_[a].depth, nodes_[b].depth)});
    ids_.insert(key, id);
    return id;
}

void ReductionTrees::reserve(std::size_t trees) {
    nodes_.reserve(trees);
    ids_.reserve(trees);
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
