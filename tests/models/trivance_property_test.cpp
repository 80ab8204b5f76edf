#include <doctest/doctest.h>

#include <cmath>

#include "checker/explanations/check.hpp"
#include "models/ring_arithmetic.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using testing::ring_schedule;

// Executed figures against Trivance's closed forms (docs/model.md), for every n in 2..300.

TEST_CASE("Trivance L: coverage 3^(k+1) and link chunks 3^k in the full steps, for every n" *
          doctest::test_suite("slow")) {
    for (int n = 2; n <= 300; ++n) {
        CAPTURE(n);
        const Report report = check_schedule(ring_schedule("trivance", Form::L, n));
        const int s = floor_log(n, 3);
        const bool exact_power = is_power_of(n, 3);
        CHECK(report.steps() == ceil_log(n, 3));
        CHECK((report.verdict == Verdict::holds) == exact_power);
        for (int k = 0; k < s; ++k) {
            const StepFigures& figures = report.per_step[static_cast<std::size_t>(k)];
            const std::int64_t arc = std::min<std::int64_t>(power(3, k + 1), n);
            CHECK(figures.coverage_min == arc);
            CHECK(figures.coverage_max == arc);
            CHECK(figures.link_chunks_max == power(3, k));
        }
        if (exact_power) CHECK(report.theta == doctest::Approx((n - 1) / 2.0));
        if (!exact_power) {
            CHECK(report.violation_counts.count(ViolationKind::double_count) == 1);
            CHECK(report.per_step.back().distances ==
                  std::vector<int>{(n - static_cast<int>(power(3, s)) + 1) / 2});
        }
    }
}

TEST_CASE(
    "Trivance B: every rank sends each block once per phase, Θ = (2/3)·log3 n at powers of 3" *
    doctest::test_suite("slow")) {
    for (int n = 2; n <= 300; ++n) {
        CAPTURE(n);
        const Report report = check_schedule(ring_schedule("trivance", Form::B, n));
        CHECK(report.verdict == Verdict::holds);
        CHECK(report.steps() == 2 * ceil_log(n, 3));
        REQUIRE(report.phase_bytes.size() == 2);
        for (const auto& [phase, bytes] : report.phase_bytes) {
            CHECK(bytes.min_blocks == n - 1);
            CHECK(bytes.max_blocks == n - 1);
        }
        if (is_power_of(n, 3)) {
            CHECK(report.theta == doctest::Approx(2.0 / 3.0 * floor_log(n, 3)));
            CHECK(report.checks.at("lemma_4_1").verdict == Verdict::holds);
            CHECK(report.checks.at("congestion_3k").verdict == Verdict::holds);
        }
    }
}

TEST_CASE("Trivance B at n = 3^s uses the balanced-ternary block sets") {
    for (int n : {3, 9, 27, 81}) {
        const Schedule schedule = ring_schedule("trivance", Form::B, n);
        const int s = floor_log(n, 3);
        for (int k = 0; k < s; ++k) {
            const Transfer& plus = schedule.steps[static_cast<std::size_t>(k)].transfers.at(0);
            REQUIRE(plus.dst == wrap(plus.src + power(3, k), n));
            // { r + 3^k + Σ_{j>k} t_j 3^j }, t_j ∈ {-1, 0, 1}
            std::vector<int> expected{0};
            for (int j = k + 1; j < s; ++j) {
                std::vector<int> next;
                for (int base : expected)
                    for (int t = -1; t <= 1; ++t)
                        next.push_back(base + t * static_cast<int>(power(3, j)));
                expected = next;
            }
            for (int& block : expected) block = wrap(plus.src + power(3, k) + block, n);
            CHECK(plus.blocks == BlockSet(expected, n));
        }
    }
}
