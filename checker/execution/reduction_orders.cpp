#include "checker/execution/reduction_orders.hpp"

namespace trivcheck {

std::vector<std::string> reduction_order_lines(std::optional<ScheduleTrees>& trees,
                                               std::size_t most_blocks,
                                               std::size_t most_characters) {
    std::vector<std::string> lines;
    if (!trees) return lines;
    const auto rank_name = [](int contribution) { return std::to_string(contribution); };
    const FinalTrees& finals = trees->finals;
    for (std::size_t index = 0; index < finals.chunks.size() && lines.size() < most_blocks;
         ++index) {
        const std::vector<TreeId>& held = finals.trees[index];
        std::string line = "block " + std::to_string(finals.chunks[index]) + ": ";
        std::size_t first = 0;
        while (first < held.size() && held[first] == ReductionTrees::none) ++first;
        if (first == held.size()) {
            lines.push_back(line + "held by no rank");
            continue;
        }
        std::size_t other = first + 1;
        while (other < held.size() &&
               (held[other] == ReductionTrees::none || held[other] == held[first]))
            ++other;
        const auto order = [&](TreeId tree) {
            return tree_text(trees->trees, trees->trees.interned(tree), rank_name, most_characters);
        };
        if (other == held.size()) {
            lines.push_back(line + order(held[first]));
            continue;
        }
        lines.push_back(line + "rank " + std::to_string(first) + " adds " + order(held[first]) +
                        "; rank " + std::to_string(other) + " adds " + order(held[other]));
    }
    return lines;
}

}  // namespace trivcheck
