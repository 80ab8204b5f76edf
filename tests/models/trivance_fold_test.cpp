// Trivance L folded onto a 3^s core (`--last-step fold`, models/trivance/trivance_fold.hpp):
// exact for every n in the ordinary schedule model, one step more than published.
#include <doctest/doctest.h>

#include "checker/explanations/check.hpp"
#include "models/generator.hpp"
#include "models/ring_arithmetic.hpp"
#include "models/trivance/ternary_fold.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

namespace {

Schedule trivance_l(int n, const std::string& last_step) {
    GeneratorRequest request;
    request.algo = "trivance";
    request.form = Form::L;
    request.topology = Topology::ring(n);
    request.last_step = last_step;
    return generate(request);
}

std::vector<std::int64_t> link_chunks(const Report& report) {
    std::vector<std::int64_t> chunks;
    for (const StepFigures& figures : report.per_step) chunks.push_back(figures.link_chunks_max);
    return chunks;
}

/// Every transfer's named direction is a shortest way round (length <= n/2).
bool routes_are_shortest(const Schedule& schedule) {
    for (const Step& step : schedule.steps)
        for (const Transfer& transfer : step.transfers) {
            const int forward = transfer.route == Route::plus
                                    ? wrap(transfer.dst - transfer.src, schedule.ranks)
                                    : wrap(transfer.src - transfer.dst, schedule.ranks);
            if (2 * forward > schedule.ranks) return false;
        }
    return true;
}

void check_fold_at(int n) {
    CAPTURE(n);
    const Report fold = check_schedule(trivance_l(n, "fold"));
    const Report published = check_schedule(trivance_l(n, "published"));
    CHECK(fold.verdict == Verdict::holds);
    CHECK(fold.violations.empty());
    CHECK(fold.per_step.back().coverage_min == n);
    CHECK(fold.per_step.back().coverage_max == n);
    const bool exact_power = is_power_of(n, 3);
    CHECK(fold.steps() == (exact_power ? published.steps() : ceil_log(n, 3) + 1));
    // The core steps load each link with exactly 3^k messages, the fold steps with one.
    const int core_first = exact_power ? 0 : 1;
    for (int k = 0; k < floor_log(n, 3); ++k)
        CHECK(fold.per_step[static_cast<std::size_t>(core_first + k)].link_chunks_max ==
              power(3, k));
    if (!exact_power) {
        CHECK(fold.per_step.front().link_chunks_max == 1);
        CHECK(fold.per_step.back().link_chunks_max == 1);
    }
    CHECK(routes_are_shortest(trivance_l(n, "fold")));
    // The published schedule is left exactly as it was: wrong whenever n is not 3^s.
    CHECK((published.verdict == Verdict::holds) == exact_power);
    CHECK(published.violation_counts.count(ViolationKind::double_count) == (exact_power ? 0 : 1));
}

}  // namespace

TEST_CASE("Trivance L fold: holds exactly once for n = 2..300, published still double counts") {
    for (int n = 2; n <= 300; ++n) check_fold_at(n);
}

TEST_CASE("Ternary fold layout: extras beside their core rank, core indices in ring order") {
    SUBCASE("n = 10: the one extra is rank 8, left of core index 8 at rank 9") {
        const TernaryFold fold(10);
        CHECK(fold.core_size() == 9);
        CHECK(fold.core_steps() == 2);
        CHECK(fold.rank_of(7) == 7);
        CHECK(fold.rank_of(8) == 9);
        CHECK(fold.left_extra(8) == 8);
        CHECK(fold.right_extra(8) == -1);
    }
    SUBCASE("n = 8: clusters [0 1] [2 3 4] [5 6 7]") {
        const TernaryFold fold(8);
        CHECK(fold.core_size() == 3);
        CHECK(fold.rank_of(0) == 1);
        CHECK(fold.rank_of(1) == 3);
        CHECK(fold.rank_of(2) == 6);
        CHECK(fold.left_extra(0) == 0);
        CHECK(fold.right_extra(0) == -1);
        CHECK(fold.left_extra(1) == 2);
        CHECK(fold.right_extra(1) == 4);
        CHECK(fold.left_extra(2) == 5);
        CHECK(fold.right_extra(2) == 7);
    }
    SUBCASE("n = 27: no extras") {
        const TernaryFold fold(27);
        CHECK_FALSE(fold.folded());
        CHECK(fold.rank_of(13) == 13);
    }
}

TEST_CASE("Trivance L fold: exact figures for small n, derived by hand") {
    struct Case {
        int n;
        int steps;
        std::vector<std::int64_t> chunks;
        double theta;
        int published_steps;
        std::vector<std::int64_t> published_chunks;
        double published_theta;
    };
    // n = 4: core ranks 0, 1, 3, extra 2 folds onto 3; the core step is one
    // message per link. Published: d = 1, 1.
    // n = 8: cores 1, 3, 6 with extras 0 | 2, 4 | 5, 7. Published's last step
    // at d = 3 loads links with 3 messages, the fold's steps with 1 each.
    // n = 10: cores 0..7 and 9, extra 8 folds onto 9; core steps at 1 and 3.
    const std::vector<Case> cases = {
        {2, 2, {1, 1}, 2.0, 1, {1}, 1.0},       {4, 3, {1, 1, 1}, 3.0, 2, {1, 1}, 2.0},
        {8, 3, {1, 1, 1}, 3.0, 2, {1, 3}, 4.0}, {10, 4, {1, 1, 3, 1}, 6.0, 3, {1, 3, 1}, 5.0},
        {9, 2, {1, 3}, 4.0, 2, {1, 3}, 4.0},
    };
    for (const Case& c : cases) {
        CAPTURE(c.n);
        const Report fold = check_schedule(trivance_l(c.n, "fold"));
        const Report published = check_schedule(trivance_l(c.n, "published"));
        CHECK(fold.verdict == Verdict::holds);
        CHECK(fold.steps() == c.steps);
        CHECK(link_chunks(fold) == c.chunks);
        CHECK(fold.theta == doctest::Approx(c.theta));
        CHECK(published.steps() == c.published_steps);
        CHECK(link_chunks(published) == c.published_chunks);
        CHECK(published.theta == doctest::Approx(c.published_theta));
    }
}

TEST_CASE("Trivance L fold: named distinctly, the published steps at n = 3^s") {
    const Schedule fold = trivance_l(10, "fold");
    CHECK(fold.name == "trivance-L-fold-10");
    CHECK(fold.algo == "trivance");
    CHECK(fold.form == "L");
    CHECK(trivance_l(10, "published").name == "trivance-L-10");

    const Schedule fold27 = trivance_l(27, "fold");
    const Schedule published27 = trivance_l(27, "published");
    REQUIRE(fold27.steps.size() == published27.steps.size());
    for (std::size_t k = 0; k < fold27.steps.size(); ++k) {
        const auto& ours = fold27.steps[k].transfers;
        const auto& theirs = published27.steps[k].transfers;
        REQUIRE(ours.size() == theirs.size());
        for (std::size_t i = 0; i < ours.size(); ++i) {
            CHECK(ours[i].src == theirs[i].src);
            CHECK(ours[i].dst == theirs[i].dst);
            CHECK(ours[i].blocks == theirs[i].blocks);
            CHECK(ours[i].op == theirs[i].op);
            CHECK(ours[i].route == theirs[i].route);
        }
    }
}

TEST_CASE("Trivance L fold: the named Trivance checks only where n = 3^s") {
    const Report at_power = check_schedule(trivance_l(9, "fold"));
    CHECK(at_power.checks.at("lemma_4_2").verdict == Verdict::holds);
    CHECK(at_power.checks.at("congestion_3k").verdict == Verdict::holds);
    const Report folded = check_schedule(trivance_l(10, "fold"));
    CHECK(folded.checks.at("lemma_4_2").verdict == Verdict::not_applicable);
    CHECK(folded.checks.at("congestion_3k").verdict == Verdict::not_applicable);
}

TEST_CASE(
    "trivcheck check: --last-step fold and synthesized hold where they exist, published fails") {
    using testing::run_trivcheck;
    CHECK(
        run_trivcheck("check --algo trivance --form L --last-step fold --topo ring:10").exit_code ==
        0);
    CHECK(run_trivcheck("check --algo trivance --form L --topo ring:10").exit_code == 1);
    CHECK(run_trivcheck("check --algo trivance --form L --last-step synthesized --topo ring:10")
              .exit_code == 0);
    // n = 25 has no exactly-once last step in the pieces model: not applicable (usage, 2).
    const auto none =
        run_trivcheck("check --algo trivance --form L --last-step synthesized --topo ring:25");
    CHECK(none.exit_code == 2);
}
