#include "models/trivance/trivance_synthesized.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "checker/execution/executor.hpp"
#include "checker/explanations/check.hpp"
#include "models/ring_arithmetic.hpp"
#include "models/trivance/trivance.hpp"
#include "proofs/last_step_planner.hpp"

using namespace trivcheck;

// Trivance L with a synthesized last step, as a schedule with scratch buffers
// that the symbolic executor checks: nothing of the solver's reasoning is
// trusted, only the plan it returns.

namespace {

GeneratorRequest synthesized_request(int n) {
    GeneratorRequest request;
    request.algo = "trivance";
    request.form = Form::L;
    request.topology = Topology::ring(n);
    request.last_step = "synthesized";
    proofs::supply_planner(request);
    return request;
}

/// Every synthesized plan of n in [first, last] holds under the executor, in
/// ceil(log3 n) steps, its last step at the plan's link load; every n without
/// a plan is not applicable with the solver's statement.
void check_sizes(int first, int last) {
    int holding = 0;
    int without_plan = 0;
    for (int n = first; n <= last; ++n) {
        CAPTURE(n);
        const GeneratorRequest request = synthesized_request(n);
        const std::optional<LastStepPlan> plan =
            is_power_of(n, 3) ? std::nullopt : request.last_step_planner(n);
        if (!is_power_of(n, 3) && !plan) {
            CHECK_THROWS_WITH_AS(generate(request),
                                 ("no exactly-once last step exists in the pieces model for n = " +
                                  std::to_string(n) +
                                  " (Z3: unsat); --last-step fold is exact for every n at one "
                                  "step more")
                                     .c_str(),
                                 NotApplicable);
            ++without_plan;
            continue;
        }
        const Schedule schedule = generate(request);
        const Report report = check_schedule(schedule);
        CHECK(report.verdict == Verdict::holds);
        CHECK(report.steps() == ceil_log(n, 3));
        if (plan) {
            CHECK(schedule.uses_buffers());
            CHECK(report.per_step.back().link_chunks_max == plan->link_load());
        }
        ++holding;
    }
    CHECK(holding > 0);
    if (last - first > 30) CHECK(without_plan > 0);
}

}  // namespace

TEST_CASE("every synthesized last step for n = 2..100 holds under the symbolic executor") {
    check_sizes(2, 100);
}

TEST_CASE("every synthesized last step for n = 101..1000 holds" * doctest::test_suite("slow")) {
    check_sizes(101, 1000);
}

TEST_CASE("the published last step built with buffers double counts like the published one") {
    // Keep everything, both peers send everything from distance d: the builder
    // must not repair the published mistake.
    for (int n : {4, 5, 10, 11, 28}) {
        CAPTURE(n);
        const std::size_t pieces = trivance_pieces(n).size();
        const int d = trivance_distances(n).back();
        const LastStepPlan published{n,
                                     d,
                                     d,
                                     std::vector<bool>(pieces, true),
                                     std::vector<bool>(pieces, true),
                                     std::vector<bool>(pieces, true)};
        const Report report = execute(trivance_synthesized_orbit(published));
        CHECK(report.verdict == Verdict::violated);
        REQUIRE(!report.violations.empty());
        CHECK(report.violations.front().kind == ViolationKind::double_count);
        CHECK(report.violations.front().step == report.steps() - 1);
    }
}

TEST_CASE("one wrong choice in a found plan is caught with its exact violation") {
    // n = 10: keep {-3}; the right peer sends {own, +1, -1, +3}, the left {own}.
    const std::optional<LastStepPlan> found = synthesized_request(10).last_step_planner(10);
    REQUIRE(found);
    CHECK(found->keep == std::vector<bool>{false, false, false, false, true});

    SUBCASE("not keeping -3 loses offsets -4..-2: rank 0 lacks contributor 6") {
        LastStepPlan plan = *found;
        plan.keep[4] = false;
        const Report report = execute(trivance_synthesized_orbit(plan));
        CHECK(report.violation_counts.at(ViolationKind::missing) == 10);
        const Violation& violation = report.violations.at(0);
        CHECK(violation.kind == ViolationKind::missing);
        CHECK(violation.rank == 0);
        CHECK(violation.contributor == 6);
    }
    SUBCASE("keeping its own contribution too counts it twice in the last step") {
        LastStepPlan plan = *found;
        plan.keep[0] = true;
        const Report report = execute(trivance_synthesized_orbit(plan));
        const Violation& violation = report.violations.at(0);
        CHECK(violation.kind == ViolationKind::double_count);
        CHECK(violation.step == 2);
        CHECK(violation.rank == 0);
        CHECK(violation.contributor == 0);
    }
}

TEST_CASE("the orbit, its expansion and a whole-schedule run of it agree") {
    for (int n : {2, 4, 10, 20, 47}) {
        CAPTURE(n);
        const std::optional<LastStepPlan> plan = synthesized_request(n).last_step_planner(n);
        if (!plan) continue;
        const RotationOrbit orbit = trivance_synthesized_orbit(*plan);
        Schedule whole = expand(orbit);
        // A local operation that adds nothing, at one rank only, breaks the
        // symmetry: the executor then runs every rank.
        whole.buffers.push_back("empty");
        whole.steps.back().local.push_back(
            {1, whole.buffer_count() - 1, main_buffer, BlockSet::all(1), Op::reduce});
        const Report by_orbit = execute(orbit);
        const Report by_rank = execute(whole);
        CHECK(by_orbit.verdict == Verdict::holds);
        CHECK(by_rank.verdict == Verdict::holds);
        REQUIRE(by_orbit.steps() == by_rank.steps());
        for (int k = 0; k < by_orbit.steps(); ++k) {
            const auto& a = by_orbit.per_step[static_cast<std::size_t>(k)];
            const auto& b = by_rank.per_step[static_cast<std::size_t>(k)];
            CHECK(a.coverage_min == b.coverage_min);
            CHECK(a.coverage_max == b.coverage_max);
            CHECK(a.link_chunks_max == b.link_chunks_max);
            CHECK(a.link_blocks_max == b.link_blocks_max);
        }
        CHECK(by_orbit.theta == by_rank.theta);
    }
}
