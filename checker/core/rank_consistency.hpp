#pragma once
#include <functional>
#include <string>
#include <vector>

#include "checker/core/reduction_trees.hpp"
#include "checker/core/report.hpp"

namespace trivcheck {

/// The final reduction trees of the output chunks a collective gives every
/// rank (docs/consistency.md): trees[i][r] is rank r's tree of chunk
/// chunks[i]; ReductionTrees::none where the rank holds nothing (a missing
/// value, reported by the postconditions, not here).
struct FinalTrees {
    std::vector<int> chunks;
    std::vector<std::vector<TreeId>> trees;
};

/// Interns the trees of each chunk whose ranks hold different ids: equal ids
/// are equal trees, but unremembered sums (ReductionTrees::remember_sums) may
/// be equal under different ids. The check then compares ids.
void intern_where_ranks_differ(ReductionTrees& trees, FinalTrees& finals);

/// How a report names the parts: "gpu" or "rank", "chunk" or "block", and a leaf.
struct TreeNames {
    const char* rank = "rank";
    const char* chunk = "block";
    std::function<std::string(int chunk, int contribution)> leaf;
};

/// rank_consistency: holds when every rank ends with one tree per chunk;
/// violated naming the first chunk where two ranks differ, their orders of
/// addition in short form, and why it matters.
CheckOutcome rank_consistency(const ReductionTrees& trees, const FinalTrees& finals,
                              const TreeNames& names);

/// reduction_depth: the most additions on one chain behind any final tree.
int reduction_depth(const ReductionTrees& trees, const FinalTrees& finals);

}  // namespace trivcheck
