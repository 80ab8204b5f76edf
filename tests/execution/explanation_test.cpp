#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "checker/explanations/check.hpp"
#include "checker/explanations/contribution_journey.hpp"
#include "checker/explanations/explanation_text.hpp"
#include "checker/reports/report_json.hpp"
#include "checker/search/smallest_failing_size.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using testing::run_trivcheck;

namespace {

Schedule handmade(int ranks, Collective collective, std::vector<Step> steps) {
    Schedule schedule;
    schedule.name = "handmade";
    schedule.collective = collective;
    schedule.topology = Topology::ring(ranks);
    schedule.ranks = ranks;
    schedule.blocks = collective == Collective::allreduce ? 1 : ranks;
    schedule.steps = std::move(steps);
    return schedule;
}

Transfer send_block(int src, int dst, int block, int blocks, Op op = Op::reduce) {
    return {src, dst, BlockSet::single(block, blocks), op, Route::shortest};
}

const Violation& first_of(const Report& report, const std::string& kind, std::size_t& index) {
    for (index = 0; index < report.violations.size(); ++index)
        if (to_string(report.violations[index].kind) == kind) return report.violations[index];
    FAIL("no " << kind);
    throw;
}

}  // namespace

TEST_CASE("missing: every lacking contributor and where it was last held") {
    // Rank 1 never hears from rank 0, although rank 2 holds 0's contribution.
    const Report report = check_schedule(
        handmade(3, Collective::allreduce,
                 {{"allreduce",
                   {send_block(0, 2, 0, 1), send_block(1, 0, 0, 1), send_block(1, 2, 0, 1),
                    send_block(2, 0, 0, 1), send_block(2, 1, 0, 1)}}}));
    std::size_t i = 0;
    const Violation& missing = first_of(report, "missing", i);
    const Explanation& explanation = report.violations.at(i).explanation;
    CHECK(missing.rank == 1);
    CHECK(explanation.missing_contributors == std::vector<int>{0});
    REQUIRE(explanation.last_holders.size() == 1);
    CHECK(explanation.last_holders[0].rank == 2);
    CHECK(explanation.last_holders[0].since_step == 0);
    CHECK(explanation.last_holders[0].lost_step == -1);
    CHECK(std::string(missing_cause(explanation.last_holders[0])) == "stranded");
    CHECK(describe_explanation(missing, explanation) ==
          std::vector<std::string>{"lacks 1 contributor: 0",
                                   "contributor 0 never reached rank 1: last held by rank 2 since "
                                   "step 0, which never sends it on towards rank 1"});
}

TEST_CASE("missing: a copy that overwrote the contribution is named") {
    const Report report =
        check_schedule(handmade(2, Collective::allreduce,
                                {{"allreduce", {send_block(0, 1, 0, 1)}},
                                 {"allreduce", {send_block(0, 1, 0, 1, Op::copy)}}}));
    // Rank 1 held its own contribution from the start until 0's copy replaced it.
    for (std::size_t i = 0; i < report.violations.size(); ++i) {
        if (report.violations[i].kind != ViolationKind::missing || report.violations[i].rank != 1)
            continue;
        const LastHolder& holder = report.violations[i].explanation.last_holders.at(0);
        CHECK(holder.contributor == 1);
        CHECK(holder.rank == 1);
        CHECK(holder.since_step == -1);
        CHECK(holder.lost_step == 1);
        CHECK(std::string(missing_cause(holder)) == "overwritten");
        return;
    }
    FAIL("rank 1 is not missing anything");
}

TEST_CASE("send_unheld: what the sender held and when the block arrives") {
    // All-gather: rank 1 forwards block 0 in the very step it receives it.
    const Report report = check_schedule(handmade(
        3, Collective::allgather,
        {{"allgather", {send_block(0, 1, 0, 3, Op::copy), send_block(1, 2, 0, 3, Op::copy)}}}));
    std::size_t i = 0;
    const Violation& unheld = first_of(report, "send_unheld", i);
    const Explanation& explanation = report.violations.at(i).explanation;
    CHECK(unheld.rank == 1);
    CHECK(explanation.unheld_blocks == std::vector<int>{0});
    CHECK(explanation.held_blocks.empty());
    CHECK(explanation.sender_holds == std::vector<int>{1});
    CHECK(explanation.first_held_after == std::vector<int>{0});
    const auto json = report_to_json(report);
    CHECK(json["violations"][i]["explanation"]["first_held_after"][0] == 0);
}

TEST_CASE("bound_exceeded: the bound, the limit and what was measured") {
    Schedule schedule = testing::ring_schedule("trivance", Form::B, 9);
    schedule.bounds = Bounds{};
    schedule.bounds->link_chunks = {1};
    const Report report = check_schedule(schedule);
    std::size_t i = 0;
    const Violation& exceeded = first_of(report, "bound_exceeded", i);
    const auto& breach = report.violations.at(i).explanation.bound;
    REQUIRE(breach);
    CHECK(exceeded.step == 1);
    CHECK(breach->bound == "link_chunks");
    CHECK(breach->limit == 1);
    CHECK(breach->measured == 3);
    CHECK(!breach->link.empty());
}

TEST_CASE("violations are sorted by step, postconditions last") {
    const Report report = check_schedule(testing::ring_schedule("trivance", Form::L, 10));
    int previous = -1;
    for (const Violation& violation : report.violations) {
        const int step = violation.step < 0 ? 1 << 30 : violation.step;
        CHECK(step >= previous);
        previous = step;
    }
}

TEST_CASE("the smallest failing n of a range and of a family") {
    GeneratorRequest request;
    request.algo = "trivance";
    request.form = Form::L;
    const auto search = find_smallest_failing_size(request, {3, 9, 10, 11, 27, 28});
    REQUIRE(search.smallest);
    CHECK(search.smallest->n == 10);
    CHECK(search.checked == 3);
    const SizeFamily family = size_family_of("trivance", 32);
    CHECK(family.describe() == "n not a power of 3");
    CHECK(!family.contains(27));
    CHECK(family.contains(2));
    CHECK(size_family_of("ring", 32).describe() == "every n");
}

TEST_CASE("check names the smallest failing n of the class, with both paths") {
    const auto result = run_trivcheck("check --algo trivance --form L --topo ring:32");
    CHECK(result.exit_code == 1);
    const auto at = result.out.find("smallest failing n (n not a power of 3, 2..32");
    REQUIRE(at != std::string::npos);
    const std::string tail = result.out.substr(at);
    CHECK(tail.find("n = 2, trivance-L-2") != std::string::npos);
    CHECK(tail.find("double_count at step 0: rank 0 reduces contribution 1") != std::string::npos);
    CHECK(tail.find("copy 1: 1 -(step 0)-> 0") != std::string::npos);
    CHECK(tail.find("copy 2: 1 -(step 0)-> 0") != std::string::npos);

    const auto range = run_trivcheck("check --algo trivance --form L --n 3..30 --json");
    CHECK(range.exit_code == 1);
    const auto json = nlohmann::json::parse(range.out);
    CHECK(json["n"] == 4);
    CHECK(json["report"]["violations"][0]["kind"] == "double_count");
    CHECK(run_trivcheck("check --algo trivance --form L --n pow3:..243").exit_code == 0);
}
