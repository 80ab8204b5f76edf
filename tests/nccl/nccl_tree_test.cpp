// NCCL's double binary tree all-reduce (models/nccl/nccl_tree.hpp): holds for
// every n in 2..64 with channels on both trees, every rank ends with the
// root's sum, added in runTreeSplit's order, and its steps are the trees' heights.
#include "models/nccl/nccl_tree.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <functional>

#include "checker/execution/tree_replay.hpp"
#include "checker/explanations/check.hpp"
#include "models/generator.hpp"
#include "models/nccl/nccl_trees.hpp"

using namespace trivcheck;

namespace {

GeneratorRequest nccl_tree_request(int n, int channels, int loops) {
    GeneratorRequest request;
    request.algo = "nccl_tree";
    request.topology = Topology::ring(n);
    request.channels = channels;
    request.loops = loops;
    return request;
}

/// Edges from the root to the deepest rank of tree `tree`.
int tree_height(int n, int tree) {
    std::function<int(int)> height = [&](int rank) {
        int most = 0;
        for (int child : nccl_dtree(n, rank, tree).children)
            if (child != -1) most = std::max(most, height(child) + 1);
        return most;
    };
    return height(nccl_dtree_root(n, tree));
}

}  // namespace

TEST_CASE("nccl_tree holds for every n in 2..64 on one tree and on both") {
    struct Shape {
        int channels;
        int loops;
    };
    for (Shape shape : {Shape{1, 1}, Shape{2, 1}, Shape{2, 3}, Shape{3, 2}})
        for (int n = 2; n <= 64; ++n) {
            CAPTURE(shape.channels);
            CAPTURE(shape.loops);
            CAPTURE(n);
            const Report report =
                check_generated(nccl_tree_request(n, shape.channels, shape.loops));
            REQUIRE(report.verdict == Verdict::holds);
            CHECK(report.checks.at("rank_consistency").verdict == Verdict::holds);
            // Up the tree and down again, the loops one step apart.
            int tallest = tree_height(n, 0);
            if (shape.channels > 1) tallest = std::max(tallest, tree_height(n, 1));
            CHECK(report.steps() == shape.loops - 1 + 2 * tallest);
        }
}

TEST_CASE("nccl_tree adds a rank's input first, then its children in tree->down's order") {
    // recvReduceSend / directRecvReduceCopySend: the user's input, then down[0], then down[1].
    for (int n : {2, 7, 8, 14}) {
        CAPTURE(n);
        const Schedule schedule = generate(nccl_tree_request(n, 2, 1));
        std::optional<ScheduleTrees> replayed = replay_trees(schedule);
        REQUIRE(replayed);
        for (std::size_t index = 0; index < replayed->finals.chunks.size(); ++index) {
            const int tree = nccl_tree_of_channel(replayed->finals.chunks[index], 2);
            CAPTURE(tree);
            std::function<TreeId(int)> sum = [&](int rank) {
                TreeId partial = replayed->trees.leaf(rank);
                for (int child : nccl_dtree(n, rank, tree).children)
                    if (child != -1) partial = replayed->trees.add(partial, sum(child));
                return partial;
            };
            replayed->trees.remember_sums(true);
            const TreeId expected = sum(nccl_dtree_root(n, tree));
            for (TreeId final_tree : replayed->finals.trees[index])
                CHECK(replayed->trees.interned(final_tree) == expected);
        }
    }
}
