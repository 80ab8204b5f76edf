#include "checker/core/reduction_trees.hpp"

#include <doctest/doctest.h>

using namespace trivcheck;

TEST_CASE("reduction trees: commutative, not associative, each tree stored once") {
    ReductionTrees trees;
    const TreeId a = trees.leaf(0);
    const TreeId b = trees.leaf(1);
    const TreeId c = trees.leaf(2);
    CHECK(trees.leaf(0) == a);
    CHECK(trees.add(a, b) == trees.add(b, a));
    CHECK(trees.add(trees.add(a, b), c) == trees.add(c, trees.add(b, a)));
    CHECK(trees.add(trees.add(a, b), c) != trees.add(a, trees.add(b, c)));
    CHECK(trees.add(a, ReductionTrees::none) == a);
    CHECK(trees.add(ReductionTrees::none, b) == b);
    const std::size_t stored = trees.size();
    trees.add(trees.add(b, a), c);
    CHECK(trees.size() == stored);
}

TEST_CASE("reduction trees: depth and short form") {
    ReductionTrees trees;
    const auto name = [](int contribution) { return std::to_string(contribution); };
    std::vector<TreeId> leaves;
    for (int i = 0; i < 4; ++i) leaves.push_back(trees.leaf(i));
    const TreeId chain =
        trees.add(trees.add(trees.add(leaves[3], leaves[2]), leaves[1]), leaves[0]);
    const TreeId balanced =
        trees.add(trees.add(leaves[0], leaves[1]), trees.add(leaves[2], leaves[3]));
    CHECK(trees.depth(leaves[0]) == 0);
    CHECK(trees.depth(chain) == 3);
    CHECK(trees.depth(balanced) == 2);
    CHECK(tree_text(trees, chain, name) == "0+(1+(2+3))");
    CHECK(tree_text(trees, balanced, name) == "(0+1)+(2+3)");
    CHECK(tree_text(trees, balanced, name, 5) == "(0+1)...");
    CHECK(tree_text(trees, ReductionTrees::none, name) == "nothing");
}
