#include <doctest/doctest.h>

#include "checker/explanations/check.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using testing::ring_schedule;

namespace {

Schedule two_rank_schedule(std::vector<Transfer> first_step,
                           Collective collective = Collective::allreduce) {
    Schedule schedule;
    schedule.name = "handmade";
    schedule.topology = Topology::ring(2);
    schedule.ranks = 2;
    schedule.blocks = 1;
    schedule.collective = collective;
    schedule.steps.push_back({"allreduce", std::move(first_step)});
    return schedule;
}

Transfer send(int src, int dst, Op op = Op::reduce) {
    return {src, dst, BlockSet::all(1), op, Route::shortest};
}

}  // namespace

TEST_CASE("published Trivance L on 27 ranks: coverage 3, 9, 27 and links 1, 3, 9") {
    const Report report = check_schedule(ring_schedule("trivance", Form::L, 27));
    CHECK(report.verdict == Verdict::holds);
    REQUIRE(report.steps() == 3);
    for (int k = 0; k < 3; ++k) {
        const StepFigures& figures = report.per_step[static_cast<std::size_t>(k)];
        const int chunks = k == 0 ? 1 : k == 1 ? 3 : 9;
        CHECK(figures.coverage_min == chunks * 3);
        CHECK(figures.coverage_max == chunks * 3);
        CHECK(figures.link_chunks_min == chunks);
        CHECK(figures.link_chunks_max == chunks);
        CHECK(figures.distances == std::vector<int>{chunks});
    }
    CHECK(report.theta == doctest::Approx(13.0));
    CHECK(report.checks.at("lemma_4_2").verdict == Verdict::holds);
    CHECK(report.checks.at("congestion_3k").verdict == Verdict::holds);
}

TEST_CASE("published Trivance L on 4 ranks counts every rank's own contribution three times") {
    const Report report = check_schedule(ring_schedule("trivance", Form::L, 4));
    CHECK(report.verdict == Verdict::violated);
    CHECK(report.violation_counts.at(ViolationKind::double_count) == 4);
    const Violation& first = report.violations.at(0);
    CHECK(first.kind == ViolationKind::double_count);
    CHECK(first.step == 1);
    CHECK(first.rank == 0);
    CHECK(first.contributor == 0);
    CHECK(first.copies == 3);
    REQUIRE(first.transfers.size() == 2);
    CHECK(first.transfers[0].src == 1);
    CHECK(first.transfers[1].src == 3);
    REQUIRE(first.paths.size() == 3);
    CHECK(first.paths[0].empty());
    CHECK(first.paths[1] == Path{{0, 0, 0, 1}, {1, 3, 1, 0}});
    CHECK(first.paths[2].size() == 2);
    CHECK(report.checks.at("lemma_4_2").verdict == Verdict::not_applicable);
}

TEST_CASE("violations of each kind are located") {
    SUBCASE("missing: one direction only") {
        const Report report = execute(two_rank_schedule({send(0, 1)}));
        CHECK(report.verdict == Verdict::violated);
        REQUIRE(report.violations.size() == 1);
        CHECK(report.violations[0].kind == ViolationKind::missing);
        CHECK(report.violations[0].rank == 0);
        CHECK(report.violations[0].contributor == 1);
    }
    SUBCASE("double_count: the same message twice") {
        const Report report = execute(two_rank_schedule({send(0, 1), send(0, 1), send(1, 0)}));
        CHECK(report.violation_counts.at(ViolationKind::double_count) == 1);
        CHECK(report.violations[0].rank == 1);
        CHECK(report.violations[0].contributor == 0);
        CHECK(report.violations[0].copies == 2);
    }
    SUBCASE("port_overuse: three sends with two ports") {
        const Report report = execute(two_rank_schedule(
            {send(0, 1, Op::copy), send(0, 1, Op::copy), send(0, 1, Op::copy), send(1, 0)}));
        CHECK(report.violation_counts.at(ViolationKind::port_overuse) ==
              2);  // rank 0 sends 3, rank 1 receives 3
        CHECK(report.violations[0].rank == 0);
        CHECK(report.violations[0].transfers.size() == 3);
    }
    SUBCASE("send_unheld: all-gather from a rank that holds nothing yet") {
        Schedule schedule = two_rank_schedule(
            {{1, 0, BlockSet::single(0, 2), Op::copy, Route::shortest}}, Collective::allgather);
        schedule.blocks = 2;
        const Report report = execute(schedule);
        CHECK(report.violation_counts.at(ViolationKind::send_unheld) == 1);
        CHECK(report.violations[0].rank == 1);
        CHECK(report.violations[0].block == 0);
    }
    SUBCASE("bound_exceeded: declared one step, took one but links carry two chunks") {
        Schedule schedule = two_rank_schedule({send(0, 1), send(1, 0)});
        schedule.bounds = Bounds{};
        schedule.bounds->link_chunks = {0};
        const Report report = execute(schedule);
        CHECK(report.violation_counts.at(ViolationKind::bound_exceeded) == 1);
        CHECK(report.violations[0].detail ==
              "link_chunks bound 0, measured 1 on link 0->1 (+) in step 0");
    }
}

TEST_CASE("a check that cannot fit in memory is refused before it starts") {
    ExecuteOptions options;
    options.memory_limit_bytes = 1 << 20;
    CHECK_THROWS_AS(execute(ring_schedule("trivance", Form::B, 81), options), ResourceLimit);
}

TEST_CASE("ring routing: shortest way, tie goes +, named direction obeyed") {
    Schedule schedule = two_rank_schedule({});
    schedule.topology = Topology::ring(6);
    schedule.ranks = 6;
    schedule.steps[0].transfers = {{0, 3, BlockSet::all(1), Op::copy, Route::shortest},
                                   {1, 5, BlockSet::all(1), Op::copy, Route::shortest},
                                   {2, 3, BlockSet::all(1), Op::copy, Route::minus}};
    const Report report = execute(schedule);
    CHECK(report.per_step[0].distances == std::vector<int>{2, 3, 5});
    CHECK(report.per_step[0].link_chunks_max == 2);  // 2->3 (+) from 0->3; 4->3.. (-) paths
}
