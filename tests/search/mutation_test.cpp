#include "checker/search/mutation.hpp"

#include <doctest/doctest.h>

#include "checker/execution/reference_replay.hpp"
#include "checker/explanations/check.hpp"
#include "checker/search/mutation_score.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using testing::ring_schedule;

namespace {

/// The first violation (check_schedule sorts them) of the one mutant an
/// operator makes with a single site: the middle of its candidates.
struct ExpectedViolation {
    const char* operator_name;
    const char* algo;
    Form form;
    int n;
    const char* site;
    const char* kind;
    int step;
    int rank;
    int block;
    int contributor;
};

const MutationOperator& find_operator(const std::string& name) {
    for (const MutationOperator& op : mutation_operators())
        if (op.name == name) return op;
    FAIL("no operator " << name);
    throw;
}

}  // namespace

TEST_CASE("the catalogue has at least 12 distinct operators") {
    CHECK(mutation_operators().size() >= 12);
    for (const MutationOperator& a : mutation_operators())
        for (const MutationOperator& b : mutation_operators())
            if (&a != &b) CHECK(std::string(a.name) != b.name);
}

TEST_CASE("each mutation operator on a small schedule: the exact first violation") {
    const ExpectedViolation table[] = {
        {"peer_sign", "trivance", Form::L, 9, "step 1, 0 -> 3 sent to 6", "double_count", 1, 6, 0,
         8},
        {"distance_off_by_one", "trivance", Form::L, 9, "step 1: every distance +1", "double_count",
         1, 0, 0, 4},
        {"last_step_too_short", "trivance", Form::L, 9, "step 1: distance 3 -> 2", "double_count",
         1, 0, 0, 1},
        {"last_step_too_long", "trivance", Form::L, 9, "step 1: distance 3 -> 4", "double_count", 1,
         0, 0, 4},
        {"block_to_wrong_peer", "trivance", Form::B, 9, "step 2, 3 -> 0: block 3 sent to 6 instead",
         "missing", -1, 0, 3, 2},
        {"block_dropped", "trivance", Form::B, 9, "step 2, 3 -> 0: block 3 left out", "missing", -1,
         0, 3, 2},
        {"block_sent_twice", "trivance", Form::L, 9, "step 1, 0 -> 3: block 0 sent twice",
         "double_count", 1, 3, 0, 8},
        {"wrong_block", "trivance", Form::B, 9, "step 2, 3 -> 0: block 4 instead of 3", "missing",
         -1, 0, 3, 2},
        {"reduce_as_copy", "trivance", Form::B, 9, "step 1, 0 -> 3: copied instead of reduced",
         "missing", -1, 0, 3, 2},
        {"copy_as_reduce", "trivance", Form::B, 9, "step 3, 1 -> 0: reduced instead of copied",
         "double_count", 3, 0, 1, 0},
        {"allgather_not_reversed", "trivance", Form::B, 9, "allgather steps 2..3 in forward order",
         "missing", -1, 0, 2, 1},
        {"step_split", "trivance", Form::L, 9, "step 1 split into + then - sends", "double_count",
         2, 0, 0, 0},
        {"port_overuse", "trivance", Form::B, 9, "step 2, 3 -> 0: sent 2 times (3 sends, 2 ports)",
         "port_overuse", 2, 0, -1, -1},
        {"moved_earlier", "ring", Form::B, 4, "step 3, 2 -> 3 sent in step 2", "port_overuse", 2, 2,
         -1, -1},
    };
    for (const ExpectedViolation& expected : table) {
        SUBCASE(expected.operator_name) {
            const Schedule original = ring_schedule(expected.algo, expected.form, expected.n);
            const std::vector<Mutant> mutants =
                find_operator(expected.operator_name).mutate(original, 1);
            REQUIRE(mutants.size() == 1);
            CHECK(mutants[0].site == expected.site);
            const Report report = check_schedule(mutants[0].schedule);
            REQUIRE(report.verdict == Verdict::violated);
            const Violation& first = report.violations.front();
            CHECK(to_string(first.kind) == expected.kind);
            CHECK(first.step == expected.step);
            CHECK(first.rank == expected.rank);
            CHECK(first.block == expected.block);
            CHECK(first.contributor == expected.contributor);
            // The independent replay agrees that the mutant is wrong.
            CHECK(reference_violation(mutants[0].schedule).has_value());
        }
    }
}

TEST_CASE("operators make no mutant where the mistake cannot be made") {
    // Ring distances are 1: one shorter would be a self-send.
    CHECK(mutate_last_step_too_short(ring_schedule("ring", Form::B, 6), 4).empty());
    // The latency-optimal form has no copies, no all-gather and one block.
    const Schedule latency = ring_schedule("trivance", Form::L, 9);
    CHECK(mutate_copy_as_reduce(latency, 4).empty());
    CHECK(mutate_allgather_not_reversed(latency, 4).empty());
    CHECK(mutate_wrong_block(latency, 4).empty());
}

TEST_CASE("a step split in Trivance B is correct but one step longer: caught by the steps bound") {
    const Schedule original = ring_schedule("trivance", Form::B, 9);
    Schedule split = mutate_step_split(original, 1).at(0).schedule;
    CHECK(check_schedule(split).verdict == Verdict::holds);
    split.bounds = declared_bounds(check_schedule(original), split.steps.size());
    const Report report = check_schedule(split);
    REQUIRE(report.verdict == Verdict::violated);
    CHECK(report.violation_counts.size() == 1);
    CHECK(report.violation_counts.count(ViolationKind::bound_exceeded) == 1);
    // 5 steps where 4 were declared (and a split step costs theta too).
    bool steps_exceeded = false;
    for (const Violation& violation : report.violations)
        steps_exceeded = steps_exceeded || violation.detail == "steps bound 4, measured 5";
    CHECK(steps_exceeded);
}

TEST_CASE("scores: every mistake caught on small Trivance, ring and Swing; none survives") {
    for (const auto& [algo, form] :
         {std::pair{"trivance", Form::B}, std::pair{"trivance", Form::L},
          std::pair{"ring", Form::B}, std::pair{"swing", Form::B}, std::pair{"swing", Form::L}}) {
        std::vector<OperatorTally> tallies;
        for (int n : {3, 4, 6, 8, 9}) {
            const Schedule original = ring_schedule(algo, form, n);
            if (check_schedule(original).verdict != Verdict::holds) continue;
            score_mutants(original, 2, true, tallies);
        }
        for (const OperatorTally& tally : tallies) {
            CAPTURE(algo);
            CAPTURE(tally.name);
            CHECK(tally.survived == 0);
            // Every rejection confirmed by the reference replay or bounds walk.
            CHECK(tally.false_alarm == 0);
            CHECK(tally.unconfirmed == 0);
            CHECK(tally.caught + tally.equivalent + tally.valid_alternative == tally.made);
            CHECK(tally.score() == 1.0);
        }
    }
}

TEST_CASE("an identical mutant is equivalent, never caught") {
    // n = 2: one all-gather step, so reversing the all-gather changes nothing.
    std::vector<OperatorTally> tallies;
    score_mutants(ring_schedule("trivance", Form::B, 2), 4, true, tallies);
    for (const OperatorTally& tally : tallies) {
        if (tally.name != "allgather_not_reversed") continue;
        CHECK(tally.made == 2);
        CHECK(tally.equivalent == 1);
        CHECK(tally.caught == 1);
        REQUIRE(tally.uncaught.size() == 1);
        CHECK(tally.uncaught[0].reason == "identical schedule");
    }
}

TEST_CASE("trivcheck mutate prints the score over at least 12 operators") {
    const auto result = testing::run_trivcheck("mutate --algo trivance --form B --n 2..12");
    CHECK(result.exit_code == 0);
    CHECK(result.out.find("mutation score 100.0%") != std::string::npos);
    CHECK(result.out.find("14 operators") != std::string::npos);
    CHECK(result.out.find("\n  0 false alarms (rejected, but the reference replay finds them "
                          "correct and within the bounds)\n") != std::string::npos);
    const auto json =
        testing::run_trivcheck("mutate --algo ring --form B --n 3..5 --sites 2 --json");
    CHECK(json.exit_code == 0);
    CHECK(json.out.find("\"schema\": \"trivcheck.mutation/1\"") != std::string::npos);
    CHECK(json.out.find("\"false_alarms\": 0") != std::string::npos);
}
