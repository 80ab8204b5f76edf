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

TEST_CASE("reduction trees: a chain of 300,000 additions, interned, measured and written") {
    // Before, interned, depth and tree_text recursed once per addition:
    // `check --algo ring --form B --topo ring:200000` ended in SIGSEGV (8 MiB stack).
    // Deep enough to overflow an 8 MiB stack by recursion, in any build.
    constexpr int additions = 300'000;
    ReductionTrees trees(additions + 1);
    trees.remember_sums(false);
    TreeId chain = trees.leaf(0);
    for (int i = 1; i <= additions; ++i) chain = trees.add(chain, trees.leaf(i));
    CHECK(trees.depth(chain) == additions);
    const TreeId interned = trees.interned(chain);
    CHECK(trees.interned(chain) == interned);
    CHECK(trees.depth(interned) == additions);
    trees.remember_sums(true);
    TreeId remembered = trees.leaf(0);
    for (int i = 1; i <= additions; ++i) remembered = trees.add(remembered, trees.leaf(i));
    CHECK(remembered == interned);
    const std::string text =
        tree_text(trees, interned, [](int contribution) { return std::to_string(contribution); });
    CHECK(text.size() == 2'588'894);  // 1,688,896 digits, 300,000 '+', 299,999 '(' and ')'
    CHECK(text.starts_with(std::string(additions - 1, '(') + "0+1)+2)"));
    CHECK(text.ends_with("+299999)+300000"));
    CHECK(tree_text(
              trees, interned, [](int) { return std::string("x"); }, 8) == "((((((((...");
}
