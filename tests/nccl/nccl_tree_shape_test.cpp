// The trees nccl_tree's schedules use, read back from their messages (the
// partials sent up into "down0"/"down1", the sums sent down), for every n in
// 2..1024: each a spanning tree rooted where ncclGetDtreeRoots says, parent
// and child lists agreeing, depth at most ⌊log₂ n⌋ + 1, and the pair's leaf
// claim of trees.cc (even n: every rank a leaf in one of the two trees; odd
// n: every rank but one). Nothing of ncclGetBtree is recomputed here.
#include <doctest/doctest.h>

#include <vector>

#include "models/generator.hpp"
#include "models/ring_arithmetic.hpp"

using namespace trivcheck;

namespace {

/// One tree as the schedule's messages show it.
struct ReadTree {
    std::vector<int> parent;
    std::vector<std::vector<int>> up_children;    // by the buffer the partial arrives in
    std::vector<std::vector<int>> down_children;  // in the order the sums are sent
};

ReadTree read_tree(const Schedule& schedule, int block) {
    const auto n = static_cast<std::size_t>(schedule.ranks);
    ReadTree tree{std::vector<int>(n, -1),
                  std::vector<std::vector<int>>(n, std::vector<int>(2, -1)),
                  std::vector<std::vector<int>>(n)};
    for (const Step& step : schedule.steps)
        for (const Transfer& transfer : step.transfers) {
            if (!transfer.blocks.contains(block)) continue;
            const auto src = static_cast<std::size_t>(transfer.src);
            const auto dst = static_cast<std::size_t>(transfer.dst);
            if (transfer.dst_buffer != main_buffer) {
                CHECK(tree.parent[src] == -1);  // one parent
                tree.parent[src] = transfer.dst;
                int& slot =
                    tree.up_children[dst][static_cast<std::size_t>(transfer.dst_buffer - 1)];
                CHECK(slot == -1);
                slot = transfer.src;
            } else {
                tree.down_children[src].push_back(transfer.dst);
            }
        }
    return tree;
}

/// Edges from `rank` up to the root; -1 when the parents loop.
int depth_of(const ReadTree& tree, int rank) {
    int depth = 0;
    for (int at = rank; tree.parent[static_cast<std::size_t>(at)] != -1; ++depth) {
        at = tree.parent[static_cast<std::size_t>(at)];
        if (depth > static_cast<int>(tree.parent.size())) return -1;
    }
    return depth;
}

}  // namespace

TEST_CASE("nccl_tree's two trees, read from its messages, for every n in 2..1024") {
    for (int n = 2; n <= 1024; ++n) {
        CAPTURE(n);
        GeneratorRequest request;
        request.algo = "nccl_tree";
        request.topology = Topology::ring(n);
        request.channels = 2;  // channel 0 (block 0) on tree 0, channel 1 on tree 1
        const Schedule schedule = generate(request);
        std::vector<int> leaf_in(static_cast<std::size_t>(n), 0);
        for (int tree_index = 0; tree_index < 2; ++tree_index) {
            CAPTURE(tree_index);
            const ReadTree tree = read_tree(schedule, tree_index);
            int roots = 0;
            for (int rank = 0; rank < n; ++rank) {
                const auto r = static_cast<std::size_t>(rank);
                if (tree.parent[r] == -1) {
                    ++roots;
                    const int expected_root = tree_index == 0 ? 0 : n % 2 == 1 ? 1 : n - 1;
                    CHECK(rank == expected_root);
                }
                // The sums go down to exactly the ranks whose partials came up, in down[] order.
                std::vector<int> up;
                for (int child : tree.up_children[r])
                    if (child != -1) up.push_back(child);
                CHECK(up == tree.down_children[r]);
                const bool first_slot_first =
                    tree.up_children[r][0] != -1 || tree.up_children[r][1] == -1;
                CHECK(first_slot_first);
                const int depth = depth_of(tree, rank);
                CHECK(depth >= 0);
                CHECK(depth <= floor_log(n, 2) + 1);
                if (up.empty()) ++leaf_in[r];
            }
            CHECK(roots == 1);
        }
        int never_leaf = 0;
        for (int count : leaf_in) never_leaf += count == 0 ? 1 : 0;
        CHECK(never_leaf == (n % 2 == 0 ? 0 : 1));
    }
}

TEST_CASE("nccl_tree on 14 ranks uses the tree trees.cc draws") {
    GeneratorRequest request;
    request.algo = "nccl_tree";
    request.topology = Topology::ring(14);
    const ReadTree tree = read_tree(generate(request), 0);
    // 0 -> 8; 8 -> 4, 12; 4 -> 2, 6; 12 -> 10, 13; 2 -> 1, 3; 6 -> 5, 7; 10 -> 9, 11.
    CHECK(tree.parent == std::vector<int>{-1, 2, 4, 2, 8, 6, 4, 6, 0, 10, 12, 10, 8, 12});
    CHECK(tree.down_children[12] == std::vector<int>{10, 13});
}
