// NCCL's ring (models/nccl/nccl_ring.hpp): every collective holds for every n
// in 2..64 with channels and loops, K and Θ as runRing gives them, and each
// chunk is added up in runRing's order.
#include "models/nccl/nccl_ring.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "checker/execution/tree_replay.hpp"
#include "checker/explanations/check.hpp"
#include "models/generator.hpp"
#include "models/ring_arithmetic.hpp"

using namespace trivcheck;

namespace {

GeneratorRequest nccl_ring_request(int n, Collective collective, int channels, int loops) {
    GeneratorRequest request;
    request.algo = "nccl_ring";
    request.topology = Topology::ring(n);
    request.collective = collective;
    request.channels = channels;
    request.loops = loops;
    return request;
}

/// The leaves of a chain ((a + b) + c) + ... in the order they were added,
/// the first two (one unordered addition) ascending; empty when `tree` is no chain.
std::vector<int> chain_order(const ReductionTrees& trees, TreeId tree) {
    std::vector<int> added;
    while (!trees.is_leaf(tree)) {
        TreeId left = trees.left(tree);
        TreeId right = trees.right(tree);
        if (!trees.is_leaf(right)) std::swap(left, right);
        if (!trees.is_leaf(right)) return {};
        added.push_back(trees.contribution(right));
        tree = left;
    }
    added.push_back(trees.contribution(tree));
    std::reverse(added.begin(), added.end());
    if (added.size() >= 2) std::sort(added.begin(), added.begin() + 2);
    return added;
}

}  // namespace

TEST_CASE("nccl_ring holds for every n in 2..64, every collective, with channels and loops") {
    struct Shape {
        int channels;
        int loops;
    };
    for (Collective collective :
         {Collective::allreduce, Collective::allgather, Collective::reduce_scatter})
        for (Shape shape : {Shape{1, 1}, Shape{2, 1}, Shape{3, 2}})
            for (int n = 2; n <= 64; ++n) {
                CAPTURE(to_string(collective));
                CAPTURE(shape.channels);
                CAPTURE(shape.loops);
                CAPTURE(n);
                const Report report =
                    check_generated(nccl_ring_request(n, collective, shape.channels, shape.loops));
                REQUIRE(report.verdict == Verdict::holds);
                CHECK(report.violations.empty());
                CHECK(report.blocks == shape.channels * shape.loops * n);
                // One step per primitive: 2(n-1) a loop for all-reduce, n-1 for the others.
                const int phases = collective == Collective::allreduce ? 2 : 1;
                CHECK(report.steps() == shape.loops * phases * (n - 1));
                // Every step moves one chunk a channel over each link: m/(L·n) bytes.
                CHECK(report.theta == doctest::Approx(phases * (n - 1.0) / n));
                for (const StepFigures& step : report.per_step)
                    CHECK(step.link_chunks_max == shape.channels);
            }
}

TEST_CASE("nccl_ring sends chunk i-1 first and adds each chunk up the ring from i+1 to i") {
    // runRing: ring index i sends chunk i-1, so chunk c starts at rank c+1 and
    // is complete at rank c, added one rank at a time: ((x_{c+1} + x_{c+2}) + ...) + x_c,
    // and every rank ends with that sum (directRecvReduceCopySend, then copies).
    for (int n : {2, 3, 5, 8}) {
        CAPTURE(n);
        const Schedule schedule = generate(nccl_ring_request(n, Collective::allreduce, 2, 2));
        const Transfer& first = schedule.steps[0].transfers[0];
        CHECK(first.blocks.sorted() == std::vector<int>{wrap(first.src - 1, n)});
        CHECK(first.dst == (first.src + 1) % n);
        const std::optional<ScheduleTrees> trees = replay_trees(schedule);
        REQUIRE(trees);
        REQUIRE(trees->finals.chunks.size() == static_cast<std::size_t>(schedule.blocks));
        for (std::size_t index = 0; index < trees->finals.chunks.size(); ++index) {
            const int chunk = trees->finals.chunks[index] % n;
            std::vector<int> expected;
            for (int j = 1; j <= n; ++j) expected.push_back((chunk + j) % n);
            std::sort(expected.begin(), expected.begin() + 2);
            for (TreeId tree : trees->finals.trees[index])
                CHECK(chain_order(trees->trees, tree) == expected);
        }
    }
}

TEST_CASE("nccl_ring_chunk_elements cuts a channel's part as runRing does") {
    // 4 ranks, chunks of 100 floats: one full loop of 400, then 130 left:
    // divUp(130, 4) = 33, aligned to 16 bytes (4 floats) = 36: 36, 36, 36, 22.
    CHECK(nccl_ring_chunk_elements(530, 100, 4, 4) ==
          std::vector<std::vector<std::int64_t>>{{100, 100, 100, 100}, {36, 36, 36, 22}});
    // 10 doubles on 8 ranks: divUp = 2, aligned to 2: 2, 2, 2, 2, 2, then nothing.
    CHECK(nccl_ring_chunk_elements(10, 1024, 8, 8) ==
          std::vector<std::vector<std::int64_t>>{{2, 2, 2, 2, 2, 0, 0, 0}});
}

TEST_CASE("nccl_ring refuses a call whose blocks a block index cannot number") {
    // 64 channels x 1,000 loops x 65,536 chunks = 4,194,304,000 blocks.
    const GeneratorRequest request = nccl_ring_request(65536, Collective::allreduce, 64, 1000);
    CHECK_THROWS_WITH_AS(generate(request),
                         "nccl_ring has 4194304000 blocks, more than the 2147483647 a block "
                         "index holds",
                         GeneratedScheduleTooLarge);
}
