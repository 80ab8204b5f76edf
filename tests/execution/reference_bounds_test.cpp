// The reference bounds walk, the oracle that confirms a rejection by a
// declared bound (checker/execution/reference_bounds.hpp): its link loads are
// counted by hand here, and each bound it checks is shown exceeded.
#include "checker/execution/reference_bounds.hpp"

#include <doctest/doctest.h>

#include <stdexcept>

#include "models/generator.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

namespace {

/// n ranks, `blocks` blocks, one step with the given transfers (phase "allreduce").
Schedule one_step(int n, int blocks, std::vector<Transfer> transfers) {
    Schedule schedule;
    schedule.name = "walk";
    schedule.topology = Topology::ring(n);
    schedule.ranks = n;
    schedule.blocks = blocks;
    schedule.steps.push_back(Step{"allreduce", std::move(transfers), {}});
    return schedule;
}

Transfer message(int src, int dst, BlockSet blocks, Route route = Route::shortest) {
    Transfer transfer;
    transfer.src = src;
    transfer.dst = dst;
    transfer.blocks = std::move(blocks);
    transfer.route = route;
    return transfer;
}

Bounds chunks(std::int64_t most) {
    Bounds bounds;
    bounds.link_chunks = {most};
    return bounds;
}

}  // namespace

TEST_CASE("reference bounds walk: link chunks counted hop by hop, ties +, named routes") {
    const BlockSet one = BlockSet::single(0, 1);
    // Ring of 4: 0 -> 2 is a tie and goes +: links 0->1, 1->2; 3 -> 1 goes + over 3->0, 0->1.
    // Link 0->1 carries 2 chunks.
    const Schedule tie = one_step(4, 1, {message(0, 2, one), message(3, 1, one)});
    CHECK(reference_bound_violation(tie, chunks(2)) == std::nullopt);
    CHECK(reference_bound_violation(tie, chunks(1)) == "link_chunks in step 0: 2 > 1");
    // Named the other way, 0 -> 2 takes 0->3, 3->2 and 3 -> 1 still 3->0, 0->1: 1 chunk each.
    const Schedule named = one_step(4, 1, {message(0, 2, one, Route::minus), message(3, 1, one)});
    CHECK(reference_bound_violation(named, chunks(1)) == std::nullopt);
    // Ring of 5: 0 -> 1 named - wraps round over 0->4, 4->3, 3->2, 2->1; 1 -> 0 the short
    // way shares none of them, 2 -> 1 shares 2->1.
    const Schedule apart = one_step(5, 1, {message(0, 1, one, Route::minus), message(1, 0, one)});
    CHECK(reference_bound_violation(apart, chunks(1)) == std::nullopt);
    const Schedule shared = one_step(5, 1, {message(0, 1, one, Route::minus), message(2, 1, one)});
    CHECK(reference_bound_violation(shared, chunks(1)) == "link_chunks in step 0: 2 > 1");
}

TEST_CASE("reference bounds walk: every declared bound shown exceeded") {
    // Ring of 3, 3 blocks: rank 0 sends blocks 0-1 to 1 and block 2 to 2; rank 1 sends block 0
    // to 2.
    const Schedule schedule =
        one_step(3, 3,
                 {message(0, 1, BlockSet({0, 1}, 3)), message(0, 2, BlockSet::single(2, 3)),
                  message(1, 2, BlockSet::single(0, 3))});
    Bounds exact;
    exact.steps = 1;
    exact.link_chunks = {1};
    exact.link_bytes = {2.0 / 3};
    exact.bytes_per_rank_per_phase = 1.0;
    exact.theta = 2.0 / 3;
    CHECK(reference_bound_violation(schedule, exact) == std::nullopt);
    Bounds steps = exact;
    steps.steps = 0;
    CHECK(reference_bound_violation(schedule, steps) == "steps: 1 > 0");
    Bounds bytes = exact;
    bytes.link_bytes = {0.5};
    CHECK(reference_bound_violation(schedule, bytes) ==
          "link_bytes in step 0: 0.6666666666666666 m > 0.5 m");
    Bounds per_rank = exact;
    per_rank.bytes_per_rank_per_phase = 0.9;
    CHECK(reference_bound_violation(schedule, per_rank) ==
          "bytes_per_rank_per_phase in allreduce: 1 m > 0.9 m");
    Bounds theta = exact;
    theta.theta = 0.5;
    // Each number in full, the shortest text that reads back (%f cut 2/3 to 0.666667).
    CHECK(reference_bound_violation(schedule, theta) == "theta: 0.6666666666666666 > 0.5");
}

TEST_CASE("reference bounds walk: only rings") {
    Schedule torus = one_step(4, 1, {});
    torus.topology.kind = TopologyKind::torus;
    torus.topology.dims = {2, 2};
    CHECK_THROWS_AS(reference_bound_violation(torus, Bounds{}), std::invalid_argument);
}
