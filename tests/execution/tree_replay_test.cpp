#include "checker/execution/tree_replay.hpp"

#include <doctest/doctest.h>

#include "checker/core/order_check_names.hpp"
#include "checker/explanations/check.hpp"
#include "models/generator.hpp"
#include "models/orbit_generator.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

namespace {

/// Every followed block's tree at every rank, in short form.
std::vector<std::string> tree_texts(ScheduleTrees& trees) {
    std::vector<std::string> texts;
    const auto name = [](int rank) { return std::to_string(rank); };
    for (std::size_t i = 0; i < trees.finals.chunks.size(); ++i)
        for (const TreeId tree : trees.finals.trees[i])
            texts.push_back(std::to_string(trees.finals.chunks[i]) + ": " +
                            tree_text(trees.trees, trees.trees.interned(tree), name));
    return texts;
}

/// The trees of `blocks` at every rank, in short form, from a whole replay.
std::vector<std::string> whole_texts(ScheduleTrees& whole, const std::vector<int>& blocks) {
    std::vector<std::string> texts;
    const auto name = [](int rank) { return std::to_string(rank); };
    for (const int block : blocks)
        for (const TreeId tree : whole.finals.trees[static_cast<std::size_t>(block)])
            texts.push_back(std::to_string(block) + ": " +
                            tree_text(whole.trees, whole.trees.interned(tree), name));
    return texts;
}

CheckOutcome consistency_of(const GeneratorRequest& request) {
    return check_generated(request).checks.at(rank_consistency_check);
}

}  // namespace

TEST_CASE("tree replay: a rank orbit's trees are the whole schedule's, rank by rank") {
    for (int n = 2; n <= 13; ++n)
        for (const GeneratorRequest& request : testing::every_request(Topology::ring(n))) {
            const std::optional<RotationOrbit> orbit = generate_orbit(request);
            if (!orbit) continue;
            CAPTURE(testing::request_label(request));
            std::optional<ScheduleTrees> from_orbit = replay_trees(*orbit);
            std::optional<ScheduleTrees> whole = replay_trees(expand(*orbit));
            REQUIRE(from_orbit);
            REQUIRE(whole);
            CHECK(tree_texts(*from_orbit) == whole_texts(*whole, from_orbit->finals.chunks));
            // The verdict and the first pair named are those of every block.
            Report orbit_report;
            Report whole_report;
            add_order_checks(from_orbit, orbit->model.collective, orbit_report);
            add_order_checks(whole, orbit->model.collective, whole_report);
            CHECK(orbit_report.checks.at(rank_consistency_check).reason ==
                  whole_report.checks.at(rank_consistency_check).reason);
            CHECK(orbit_report.reduction_depth == whole_report.reduction_depth);
        }
}

TEST_CASE("tree replay: a B form copies the owner's sum to every rank, n = 2..40") {
    for (int n = 2; n <= 40; ++n)
        for (const char* algo : {"ring", "trivance", "recursive_doubling", "swing", "bruck"}) {
            CAPTURE(n);
            CAPTURE(algo);
            const Report report = check_generated({algo, Form::B, Topology::ring(n)});
            CHECK(report.checks.at(rank_consistency_check).verdict == Verdict::holds);
            // The owner adds the n contributions in n - 1 additions at most as deep as a chain.
            REQUIRE(report.reduction_depth);
            CHECK(*report.reduction_depth <= n - 1);
        }
}

TEST_CASE("tree replay: the ring's reduce-scatter is a chain, n - 1 deep") {
    for (int n = 2; n <= 20; ++n) {
        CAPTURE(n);
        CHECK(check_generated({"ring", Form::B, Topology::ring(n)}).reduction_depth == n - 1);
    }
}

TEST_CASE("tree replay: L forms, where every rank reduces on its own") {
    SUBCASE("recursive doubling: both peers of a step add the same two trees") {
        // Addition is commutative: x + y at one peer is y + x at the other, one tree.
        for (int n : {2, 4, 8, 16, 64}) {
            CAPTURE(n);
            CHECK(consistency_of({"recursive_doubling", Form::L, Topology::ring(n)}).verdict ==
                  Verdict::holds);
        }
    }
    SUBCASE("Trivance on 9 ranks: each rank starts from its own neighbours") {
        const CheckOutcome outcome = consistency_of({"trivance", Form::L, Topology::ring(9)});
        CHECK(outcome.verdict == Verdict::violated);
        CHECK(
            outcome.reason.starts_with("block 0: rank 0 adds (((0+1)+8)+(2+(3+4)))+(5+(6+7)), "
                                       "rank 1 adds ((0+(1+2))+(3+(4+5)))+(6+(7+8));"));
    }
    SUBCASE("Swing and Bruck on 8 ranks") {
        CHECK(consistency_of({"swing", Form::L, Topology::ring(8)}).verdict == Verdict::violated);
        CHECK(consistency_of({"bruck", Form::L, Topology::ring(8)}).verdict == Verdict::violated);
    }
}

TEST_CASE("tree replay: a reduce-scatter has no rank consistency to check") {
    // Two ranks, block b owned by rank b: each sends the other its block.
    Schedule schedule;
    schedule.name = "reduce-scatter-2";
    schedule.collective = Collective::reduce_scatter;
    schedule.topology = Topology::ring(2);
    schedule.ranks = 2;
    schedule.blocks = 2;
    schedule.steps.push_back(
        {"reduce_scatter", {{0, 1, BlockSet::single(1, 2)}, {1, 0, BlockSet::single(0, 2)}}});
    const Report report = check_schedule(schedule);
    CHECK(report.verdict == Verdict::holds);
    CHECK(report.checks.at(rank_consistency_check).verdict == Verdict::not_applicable);
    CHECK(report.reduction_depth == 1);
}

TEST_CASE("tree replay: check --require rank_consistency on generated schedules") {
    const testing::CommandOutput trivance_l = testing::run_trivcheck(
        "check --algo trivance --form L --topo ring:9 --require "
        "rank_consistency --no-shrink");
    CHECK(trivance_l.exit_code == 1);
    CHECK(trivance_l.out.find("violations: rank_consistency 1;") != std::string::npos);
    CHECK(testing::run_trivcheck("check --algo trivance --form L --topo ring:9").exit_code == 0);
    CHECK(testing::run_trivcheck(
              "check --algo trivance --form B --topo ring:4096 --require rank_consistency")
              .exit_code == 0);
}
