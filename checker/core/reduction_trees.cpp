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

namespace {

/// Calls `finish` on `root` and on every tree below it that is not `done`,
/// children first, on a stack of its own: a tree is as deep as a schedule is
/// long (200,000 additions for a ring of 200,000), far past the machine stack.
template <typename Done, typename Finish>
void children_first(const ReductionTrees& trees, TreeId root, const Done& done,
                    const Finish& finish) {
    std::vector<TreeId> pending{root};
    while (!pending.empty()) {
        const TreeId tree = pending.back();
        if (done(tree)) {
            pending.pop_back();
            continue;
        }
        const std::size_t before = pending.size();
        for (const TreeId child : {trees.left(tree), trees.right(tree)})
            if (!done(child)) pending.push_back(child);
        if (pending.size() != before) continue;
        pending.pop_back();
        finish(tree);
    }
}

}  // namespace

TreeId ReductionTrees::interned(TreeId tree) {
    const auto appended = [&](TreeId sum) {
        return sum != none && !dense(sum) && node(sum).lowest == kAppended;
    };
    if (!appended(tree)) return tree;
    if (interned_.size() <= tree) interned_.resize(next_id(), none);
    if (interned_[tree] != none) return interned_[tree];
    const auto as_interned = [&](TreeId sum) { return appended(sum) ? interned_[sum] : sum; };
    children_first(
        *this, tree, [&](TreeId sum) { return !appended(sum) || interned_[sum] != none; },
        [&](TreeId sum) {
            // Copied first: remembered_add may grow nodes_ under a reference.
            const Node of = node(sum);
            interned_[sum] = remembered_add(as_interned(of.left), as_interned(of.right));
        });
    return interned_[tree];
}

int ReductionTrees::depth(TreeId tree) const {
    const auto known = [&](TreeId sum) { return dense(sum) ? 0 : node(sum).depth; };
    if (known(tree) >= 0) return known(tree);
    children_first(
        *this, tree, [&](TreeId sum) { return known(sum) >= 0; },
        [&](TreeId sum) {
            const Node& of = node(sum);
            of.depth = 1 + std::max(known(of.left), known(of.right));
        });
    return known(tree);
}

void ReductionTrees::reserve(std::size_t trees) {
    nodes_.reserve(trees);
    if (remember_sums_) ids_.reserve(trees);
}

namespace {

/// What is left to write of a tree's text: a tree (as an inner operand or
/// the whole), or one character.
struct TextPart {
    TreeId tree = ReductionTrees::none;
    bool inner = false;
    char character = 0;
};

void append_text(const ReductionTrees& trees, TreeId root,
                 const std::function<std::string(int)>& name, std::size_t max_length,
                 std::string& out) {
    // Last part first on a stack of its own (a tree may be 200,000 additions deep).
    std::vector<TextPart> pending{{root, false, 0}};
    while (!pending.empty() && (max_length == 0 || out.size() <= max_length)) {
        const TextPart part = pending.back();
        pending.pop_back();
        if (part.character != 0) {
            out += part.character;
        } else if (part.tree == ReductionTrees::none) {
            out += "nothing";
        } else if (trees.is_leaf(part.tree)) {
            out += name(trees.contribution(part.tree));
        } else {
            TreeId first = trees.left(part.tree);
            TreeId second = trees.right(part.tree);
            if (trees.lowest_leaf(second) < trees.lowest_leaf(first)) std::swap(first, second);
            if (part.inner) pending.push_back({ReductionTrees::none, false, ')'});
            pending.push_back({second, true, 0});
            pending.push_back({ReductionTrees::none, false, '+'});
            pending.push_back({first, true, 0});
            if (part.inner) pending.push_back({ReductionTrees::none, false, '('});
        }
    }
}

}  // namespace

std::string tree_text(const ReductionTrees& trees, TreeId tree,
                      const std::function<std::string(int)>& name, std::size_t max_length) {
    std::string out;
    append_text(trees, tree, name, max_length, out);
    if (max_length > 0 && out.size() > max_length) out = out.substr(0, max_length) + "...";
    return out;
}

}  // namespace trivcheck
