#include "models/trivance/trivance_b_rule.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <optional>

#include "checker/explanations/check.hpp"
#include "models/generator.hpp"
#include "models/ring_arithmetic.hpp"
#include "models/trivance/trivance_b_level_drops.hpp"
#include "models/trivance/trivance_b_plans.hpp"

using namespace trivcheck;

// The Trivance B rule (docs/trivance-b.md, "A rule"): closed-form families and
// the cheapest of them; the proofs (proofs/trivance_b/b_rule_ladder.hpp) model the same
// arcs from the docs' formulas, and these tests tie the two together.

namespace {

/// The arc of sums after each step of a plan, taken in the plan's order, or
/// nothing when a distance exceeds the arc before it (not a ladder in that order).
std::optional<std::vector<std::int64_t>> ladder_arcs(const TrivanceBPlan& plan) {
    std::vector<std::int64_t> arcs;
    std::int64_t arc = 1;
    for (const StepDistances& step : plan.steps) {
        if (step.plus > arc || step.minus > arc) return std::nullopt;
        arc += step.plus + step.minus;
        arcs.push_back(arc);
    }
    return arcs;
}

}  // namespace

TEST_CASE("rule families: the arcs of docs/trivance-b.md") {
    // n = 256, K = 6: one short step at j makes the arc ceil(256 / 3^(5-j)) there.
    CHECK(one_short_step_arcs(256, 5) == std::vector<int>{3, 9, 27, 81, 243, 256});
    CHECK(one_short_step_arcs(256, 2) == std::vector<int>{3, 9, 10, 30, 90, 270});
    // At j = K-1 the one-short-step ladder is the published short-last layout
    // but for the short step's split: ceil(e/2) and floor(e/2), not ceil(e/2) both ways.
    CHECK(plan_text(plan_from_arcs(256, one_short_step_arcs(256, 5))) == "1,3,9,27,81,7/6");
    CHECK(plan_text(short_last_plan(256)) == "1,3,9,27,81,7");
    // Two short steps at 1 and 2 for n = 1000 (K = 7): the arc after step 2 is
    // ceil(1000 / 81) = 13, the arc after step 1 the least a with a^2 >= 13 * 3.
    CHECK(two_short_step_arcs(1000, 1, 2) == std::vector<int>{3, 7, 13, 39, 117, 351, 1053});
    CHECK(plan_text(plan_from_arcs(1000, two_short_step_arcs(1000, 1, 2))) ==
          "1,2,3,13,39,117,351");
    CHECK(plan_text(split_digit_plan(1000, 5)) == "1,3,9,27,81,81/243,243");
    // A lattice of arcs of 3^3 = 27 ranks for n = 256 (K = 6): the least
    // spacing g with 27 + (3^3 - 1) g >= 256 is 9, and one less falls short.
    CHECK(least_lattice_spacing(256, 3) == 9);
    CHECK(plan_text(lattice_plan(256, 3, 9)) == "1,3,9,9,27,81");
    CHECK(phase_link_blocks(lattice_plan(256, 3, 9)) == 424);
    CHECK_FALSE(phase_link_blocks(lattice_plan(256, 3, 8)).has_value());
    // No refining steps: spacing 1, the powers of 3 capped at n/2.
    CHECK(least_lattice_spacing(100, 0) == 1);
    CHECK(plan_text(lattice_plan(100, 0, 1)) == "1,3,9,27,50");
    // Clusters for n = 100 (K = 5) with c = 4, j = 2, p = 1: a cluster of
    // about 3n / (3 + 1 * (3 - 1)) = 60 ranks, so x = 20 after step 2 and A = 60;
    // the least spacing reaching 100 is 20, a third of the cluster.
    CHECK(cluster_lattice_arcs(100, 4, 2, 1, 0) == std::vector<int>{3, 9, 20, 60, 100});
    CHECK(plan_text(plan_from_arcs(100, cluster_lattice_arcs(100, 4, 2, 1, 0))) == "1,3,6/5,20,20");
    CHECK(plan_by_rule(100).name == "clusters@4,2,1+0");
}

TEST_CASE("rule: the cheapest candidate, never costlier than either short layout") {
    const RulePlan at_1000 = plan_by_rule(1000);
    CHECK(at_1000.name == "split_digit@5");
    CHECK(phase_link_blocks(at_1000.plan) == 2107);
    for (int n = 2; n <= 400; ++n) {
        CAPTURE(n);
        const RulePlan rule = plan_by_rule(n);
        const std::int64_t blocks = phase_link_blocks(rule.plan).value();
        CHECK(blocks <= phase_link_blocks(short_last_plan(n)).value());
        CHECK(blocks <= phase_link_blocks(short_first_plan(n)).value());
        for (const RulePlan& candidate : rule_candidates(n))
            if (const std::optional<std::int64_t> other = phase_link_blocks(candidate.plan))
                CHECK(blocks <= *other);
    }
}

TEST_CASE("rule candidates are the ladders the proofs model") {
    // proofs/trivance_b/b_rule_ladder.cpp proves, for symbolic n, that these plans are
    // ladders (each distance at most the arc of sums before it, at most n/2)
    // whose last arc holds n ranks; here the same facts for concrete n, and
    // that a ladder reaches every rank exactly when its last arc holds n.
    for (int n = 2; n <= 800; n += n < 100 ? 1 : 7) {
        CAPTURE(n);
        for (const RulePlan& candidate : rule_candidates(n)) {
            CAPTURE(candidate.name);
            TrivanceBPlan plan = candidate.plan;
            if (candidate.name == "short_first" && plan.steps.size() > 1 &&
                !is_power_of(n, 3))  // the short step last makes it a ladder
                std::rotate(plan.steps.begin(), plan.steps.begin() + 1, plan.steps.end());
            const std::optional<std::vector<std::int64_t>> arcs = ladder_arcs(plan);
            REQUIRE(arcs);
            for (const StepDistances& step : plan.steps)
                CHECK(2 * std::max(step.plus, step.minus) <= n);
            const bool reaches = phase_link_blocks(candidate.plan).has_value();
            CHECK(reaches == (arcs->back() >= n));
            if (candidate.name.rfind("split_digit", 0) != 0) CHECK(reaches);
        }
    }
}

TEST_CASE("--layout rule builds the rule's plan with its level drops; the executor agrees") {
    // n = 300: the rule's clustered lattice costs 514 blocks a link a phase,
    // 498 with the level drops it learns (Θ 3.4267 -> 3.32); n = 100: Θ 2.78 ->
    // 2.66, the best plan's; 28, 256 and 1000 keep full steps.
    for (int n : {28, 100, 256, 300, 1000}) {
        CAPTURE(n);
        GeneratorRequest request{"trivance", Form::B, Topology::ring(n)};
        request.layout = "rule";
        const Report report = check_schedule(generate(request));
        const TrivanceBPlan plan = rule_plan_with_level_drops(n).plan;
        CHECK(report.verdict == Verdict::holds);
        CHECK(report.theta == doctest::Approx(plan_theta(plan, phase_link_blocks(plan).value())));
        CHECK(plan.senders.empty() == (n != 100 && n != 300));
    }
    CHECK(phase_link_blocks(plan_by_rule(300).plan) == 514);
    CHECK(phase_link_blocks(rule_plan_with_level_drops(300).plan) == 498);
    CHECK(rule_plan_with_level_drops(300).name == plan_by_rule(300).name + "+drops");
    // Above the stored table the generator's best plan is the rule's with its drops.
    CHECK(best_known_plan(5000) == rule_plan_with_level_drops(5000).plan);
}

TEST_CASE("level drops: never costlier, exact, and only where a drop pays") {
    int dropped = 0;
    for (int n = 2; n <= 2200; n += n < 200 ? 1 : 37) {
        CAPTURE(n);
        const TrivanceBPlan full = plan_by_rule(n).plan;
        const TrivanceBPlan plan = with_level_drops(full);
        const std::optional<std::int64_t> cost = phase_link_blocks(plan);
        REQUIRE(cost);
        CHECK(*cost <= phase_link_blocks(full).value());
        CHECK(plan.steps == full.steps);
        if (plan != full) {
            ++dropped;
            CHECK(*cost < phase_link_blocks(full).value());
        }
        // A plan that already has partial steps is left alone.
        if (const std::optional<TrivanceBPlan> stored = stored_trivance_b_plan(n);
            stored && !stored->senders.empty())
            CHECK(with_level_drops(*stored) == *stored);
    }
    CHECK(dropped > 0);
}
