#include "models/nccl/nccl_tree.hpp"

#include <algorithm>
#include <string>

#include "models/nccl/nccl_call.hpp"
#include "models/nccl/nccl_trees.hpp"

namespace trivcheck {

namespace {

/// Height (a leaf 0) and depth (the root 0) of every rank in one tree.
struct TreeLevels {
    std::vector<int> height;
    std::vector<int> depth;
    int tallest = 0;
};

TreeLevels tree_levels(const std::vector<NcclTreeLinks>& links, int root) {
    const int n = static_cast<int>(links.size());
    TreeLevels levels{std::vector<int>(static_cast<std::size_t>(n), 0),
                      std::vector<int>(static_cast<std::size_t>(n), 0), 0};
    // Breadth first from the root: parents before children.
    std::vector<int> order{root};
    for (std::size_t i = 0; i < order.size(); ++i)
        for (int child : links[static_cast<std::size_t>(order[i])].children)
            if (child != -1) {
                levels.depth[static_cast<std::size_t>(child)] =
                    levels.depth[static_cast<std::size_t>(order[i])] + 1;
                order.push_back(child);
            }
    if (static_cast<int>(order.size()) != n)
        throw NotApplicable("ncclGetDtree gave a tree that does not reach every rank");
    for (auto rank = order.rbegin(); rank != order.rend(); ++rank) {
        const int parent = links[static_cast<std::size_t>(*rank)].parent;
        if (parent != -1)
            levels.height[static_cast<std::size_t>(parent)] =
                std::max(levels.height[static_cast<std::size_t>(parent)],
                         levels.height[static_cast<std::size_t>(*rank)] + 1);
    }
    levels.tallest = levels.height[static_cast<std::size_t>(root)];
    return levels;
}

/// The scratch buffer a child's partial arrives in: "down0" for down[0].
int child_buffer(const NcclTreeLinks& parent, int child) {
    return parent.children[0] == child ? 1 : 2;
}

Step& step_at(Schedule& schedule, int index) {
    while (static_cast<int>(schedule.steps.size()) <= index) schedule.steps.emplace_back();
    return schedule.steps[static_cast<std::size_t>(index)];
}

/// One channel's chunk of one loop: up the tree, then down.
void add_chunk(Schedule& schedule, const std::vector<NcclTreeLinks>& links,
               const TreeLevels& levels, int loop, int block) {
    const int n = schedule.ranks;
    const BlockSet blocks = BlockSet::single(block, schedule.blocks);
    for (int rank = 0; rank < n; ++rank) {
        const NcclTreeLinks& own = links[static_cast<std::size_t>(rank)];
        const auto at = static_cast<std::size_t>(rank);
        if (own.children[0] != -1 || own.parent != -1) {
            Step& up = step_at(schedule, loop + levels.height[at]);
            // recvReduceSend / recvReduceCopySend: the user's input first, then
            // the receive peers in tree->down's order (prims_simple.h, reduceCopy).
            for (int k = 0; k < 2; ++k)
                if (own.children[k] != -1)
                    up.local.push_back({rank, k + 1, main_buffer, blocks, Op::reduce});
            if (own.parent != -1) {
                const auto slot = static_cast<BufferIndex>(
                    child_buffer(links[static_cast<std::size_t>(own.parent)], rank));
                up.transfers.push_back(
                    {rank, own.parent, blocks, Op::copy, Route::shortest, main_buffer, slot});
            }
        }
        if (own.children[0] == -1) continue;
        // directRecvCopySend / directSendFromOutput: the sum goes down as it came.
        Step& down = step_at(schedule, loop + levels.tallest + levels.depth[at]);
        for (int child : own.children)
            if (child != -1) down.transfers.push_back({rank, child, blocks, Op::copy});
    }
}

}  // namespace

int nccl_tree_of_channel(int channel, int channels) {
    const int first_tree_channels = (channels + 1) / 2;
    return channel < first_tree_channels ? 0 : 1;
}

Schedule generate_nccl_tree(const GeneratorRequest& request) {
    if (request.collective != Collective::allreduce)
        throw NotApplicable(
            "nccl_tree is NCCL's all-reduce only (runTreeSplit); NCCL runs "
            "all-gather and reduce-scatter on rings or PAT");
    const int n = request.topology.rank_count();
    const NcclCall call = nccl_call(request, 1);
    Schedule schedule;
    schedule.name = "nccl_tree-allreduce-" + std::to_string(n) + "-c" +
                    std::to_string(call.channels) + "-l" + std::to_string(call.loops);
    schedule.algo = "nccl_tree";
    schedule.form = "B";
    schedule.collective = Collective::allreduce;
    schedule.topology = request.topology;
    schedule.ranks = n;
    schedule.blocks = call.channels * call.loops;
    // Per channel one send up and two down, one receive from each child and
    // one from the parent, in one step when loops pipeline.
    schedule.ports = 3 * call.channels;
    schedule.buffers = {"down0", "down1"};
    for (int tree = 0; tree < 2; ++tree) {
        const std::vector<NcclTreeLinks> links = nccl_dtree_links(n, tree);
        const int root = nccl_dtree_root(n, tree);
        const TreeLevels levels = tree_levels(links, root);
        for (int channel = 0; channel < call.channels; ++channel) {
            if (nccl_tree_of_channel(channel, call.channels) != tree) continue;
            for (int loop = 0; loop < call.loops; ++loop)
                add_chunk(schedule, links, levels, loop, nccl_block(call, loop, channel, 0, 1));
        }
    }
    for (Step& step : schedule.steps) step.phase = "allreduce";
    return schedule;
}

}  // namespace trivcheck
