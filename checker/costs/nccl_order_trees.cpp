#include "checker/costs/nccl_order_trees.hpp"

#include <algorithm>
#include <optional>

#include "checker/execution/tree_replay.hpp"
#include "models/nccl/nccl_ring.hpp"
#include "models/nccl/nccl_tree.hpp"

namespace trivcheck {

namespace {

/// The final trees of nccl_ring (one channel, one loop: block k is chunk k)
/// or nccl_tree (two channels, one loop: block t runs on tree t).
std::optional<ScheduleTrees> generator_trees(int ranks, NcclAlgorithm algorithm) {
    GeneratorRequest request;
    request.algo = algorithm == NcclAlgorithm::ring ? "nccl_ring" : "nccl_tree";
    request.topology = Topology::ring(ranks);
    request.channels = algorithm == NcclAlgorithm::ring ? 1 : 2;
    const Schedule schedule = algorithm == NcclAlgorithm::ring ? generate_nccl_ring(request)
                                                               : generate_nccl_tree(request);
    return replay_trees(schedule);  // every block, not one per orbit
}

}  // namespace

std::vector<NcclOrderTree> nccl_order_trees(int ranks, const std::vector<NcclSumOrder>& orders,
                                            std::size_t most_characters) {
    std::optional<ScheduleTrees> trees[2];
    bool built[2] = {false, false};
    std::vector<NcclOrderTree> result;
    for (const NcclSumOrder& order : orders) {
        const int which = order.algorithm == NcclAlgorithm::ring ? 0 : 1;
        if (!built[which]) trees[which] = generator_trees(ranks, order.algorithm);
        built[which] = true;
        NcclOrderTree tree{order, "", false, false};
        std::optional<ScheduleTrees>& followed = trees[which];
        if (followed) {
            const FinalTrees& finals = followed->finals;
            const auto found = std::find(finals.chunks.begin(), finals.chunks.end(), order.index);
            if (found != finals.chunks.end()) {
                const std::vector<TreeId>& held =
                    finals.trees[static_cast<std::size_t>(found - finals.chunks.begin())];
                tree.followed = !held.empty();
                tree.ranks_agree =
                    tree.followed && std::all_of(held.begin(), held.end(),
                                                 [&](TreeId id) { return id == held.front(); });
                if (tree.followed)
                    tree.text = tree_text(
                        followed->trees, followed->trees.interned(held.front()),
                        [](int rank) { return std::to_string(rank); }, most_characters);
            }
        }
        result.push_back(tree);
    }
    return result;
}

std::vector<NcclSumOrder> distinct_orders(const NcclSumOrders& orders) {
    std::vector<NcclSumOrder> distinct;
    auto note = [&](const NcclSumOrder& order) {
        if (std::find(distinct.begin(), distinct.end(), order) == distinct.end())
            distinct.push_back(order);
    };
    for (const NcclElementOrders& element : orders.elements)
        for (const NcclSumRun& run : element.runs) note(run.order);
    if (orders.between && orders.between->first_difference) {
        note(orders.between->first_order);
        note(orders.between->second_order);
    }
    return distinct;
}

}  // namespace trivcheck
