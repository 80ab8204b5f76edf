#include "checker/core/rank_consistency.hpp"

#include <algorithm>
#include <functional>

namespace trivcheck {

namespace {

/// Short forms longer than this are cut: a reader compares the first additions.
constexpr std::size_t kMostTreeText = 120;

}  // namespace

void intern_where_ranks_differ(ReductionTrees& trees, FinalTrees& finals) {
    for (std::vector<TreeId>& ranks : finals.trees)
        if (std::adjacent_find(ranks.begin(), ranks.end(), std::not_equal_to<>()) != ranks.end())
            for (TreeId& tree : ranks) tree = trees.interned(tree);
}

CheckOutcome rank_consistency(const ReductionTrees& trees, const FinalTrees& finals,
                              const TreeNames& names) {
    for (std::size_t i = 0; i < finals.chunks.size(); ++i) {
        const std::vector<TreeId>& ranks = finals.trees[i];
        const auto first = std::find_if(ranks.begin(), ranks.end(),
                                        [](TreeId t) { return t != ReductionTrees::none; });
        if (first == ranks.end()) continue;
        const auto other = std::find_if(first + 1, ranks.end(), [&](TreeId t) {
            return t != ReductionTrees::none && t != *first;
        });
        if (other == ranks.end()) continue;
        const int chunk = finals.chunks[i];
        const auto leaf = [&](int contribution) { return names.leaf(chunk, contribution); };
        const auto order = [&](auto rank) {
            return std::string(names.rank) + " " + std::to_string(rank - ranks.begin()) + " adds " +
                   tree_text(trees, *rank, leaf, kMostTreeText);
        };
        return {Verdict::violated,
                std::string(names.chunk) + " " + std::to_string(chunk) + ": " + order(first) +
                    ", " + order(other) +
                    "; floating-point addition is not associative, so the ranks may end with "
                    "different sums and data-parallel replicas drift apart"};
    }
    return {Verdict::holds, "every " + std::string(names.rank) + " ends with the same order of " +
                                "additions for each " + names.chunk};
}

int reduction_depth(const ReductionTrees& trees, const FinalTrees& finals) {
    int depth = 0;
    for (const std::vector<TreeId>& ranks : finals.trees)
        for (const TreeId tree : ranks) depth = std::max(depth, trees.depth(tree));
    return depth;
}

}  // namespace trivcheck
