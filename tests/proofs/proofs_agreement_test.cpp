#include <doctest/doctest.h>

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "checker/explanations/check.hpp"
#include "models/ring_arithmetic.hpp"
#include "proofs/prover.hpp"
#include "tests/test_support.hpp"

// Issue 5, part 5: what the Z3 proofs claim for symbolic n must be what the
// executor measures on the generated schedules, for every n in 2..2000.
// The expected figures are computed here from the formulas of docs/model.md, not with
// models/ or proofs/ code, so that neither side can share a mistake.

namespace {

using trivcheck::power;
using trivcheck::proofs::QueryOutcome;

constexpr int largest_n = 2000;
constexpr int max_s = 6;  // 3^7 = 2187 > 2000: every n up to 2000 is in a proved range.

/// s = floor(log3 n).
int log3_floor(int n) {
    int s = 0;
    while (power(3, s + 1) <= n) ++s;
    return s;
}

/// (query label, s) -> outcome of that proof.
using ProofTable = std::map<std::pair<std::string, int>, QueryOutcome>;

ProofTable prove_up_to_2000() {
    trivcheck::proofs::ProveSettings settings;
    settings.max_s = max_s;
    settings.only = {"last_step_covers", "last_step_link_bound", "step_link_bound",
                     "latency_form_double_count"};
    ProofTable table;
    for (const QueryOutcome& outcome : trivcheck::proofs::prove(settings))
        table.emplace(std::make_pair(outcome.label, outcome.s), outcome);
    return table;
}

/// The proof's claim covers n only if it gave its expected answer.
bool proved(const ProofTable& table, const std::string& label, int s) {
    const auto found = table.find({label, s});
    return found != table.end() && found->second.as_expected();
}

}  // namespace

TEST_CASE("Trivance L: executor measurements agree with the proofs for every n in 2..2000" *
          doctest::test_suite("slow")) {
    using namespace trivcheck;
    const ProofTable proofs = prove_up_to_2000();
    for (int s = 0; s <= max_s; ++s) {
        CAPTURE(s);
        REQUIRE(proved(proofs, "all_positions", s));
        REQUIRE(proved(proofs, "d_chunks_per_link", s));
        REQUIRE(proved(proofs, "search", s));
        REQUIRE(proved(proofs, "every_n_double_counts", s));
        if (s >= 1) REQUIRE(proved(proofs, "chunks_per_link", s));
        if (s >= 1) REQUIRE(proved(proofs, "full_steps_exactly_once", s));
    }

    for (int n = 2; n <= largest_n; ++n) {
        CAPTURE(n);
        const Report report = check_schedule(testing::ring_schedule("trivance", Form::L, n));
        const int s = log3_floor(n);
        const std::int64_t full = power(3, s);
        const bool power_of_three = full == n;
        REQUIRE(report.steps() == (power_of_three ? s : s + 1));

        // step_link_bound and full_steps_exactly_once: steps k < s.
        for (int k = 0; k < s; ++k) {
            const StepFigures& step = report.per_step[static_cast<std::size_t>(k)];
            CHECK(step.distances == std::vector<int>{static_cast<int>(power(3, k))});
            CHECK(step.link_chunks_max == power(3, k));
            CHECK(step.link_chunks_min == power(3, k));
            CHECK(step.coverage_min == power(3, k + 1));
            CHECK(step.coverage_max == power(3, k + 1));
        }

        // Double counting exactly where latency_form_double_count says: never
        // for n = 3^s, at the last step (only) for every other n.
        std::int64_t double_counts = 0;
        for (const auto& [kind, count] : report.violation_counts)
            if (kind == ViolationKind::double_count) double_counts = count;
        CHECK((double_counts > 0) == !power_of_three);
        for (const Violation& violation : report.violations)
            if (violation.kind == ViolationKind::double_count) CHECK(violation.step == s);

        if (power_of_three) {
            CHECK(report.verdict == Verdict::holds);
            CHECK(report.per_step.back().coverage_min == n);
            continue;
        }
        // last_step_covers and last_step_link_bound: d = ceil((n - 3^s)/2)
        // reaches everyone, and every directed link carries exactly d <= 3^s.
        const std::int64_t d = (n - full + 1) / 2;
        const StepFigures& last = report.per_step.back();
        CHECK(last.distances == std::vector<int>{static_cast<int>(d)});
        CHECK(last.coverage_min == n);
        CHECK(last.link_chunks_max == d);
        CHECK(last.link_chunks_min == d);
        CHECK(d <= full);
    }

    // The figures the proofs report for a given s, measured at that n.
    for (int s = 0; power(3, s + 1) - 1 <= largest_n; ++s) {
        CAPTURE(s);
        // The shrunk double count: least n, rank and contributor.
        const QueryOutcome& search = proofs.at({"search", s});
        REQUIRE(search.finding.has_value());
        const auto& found = search.finding->data;
        const int n = found["n"].get<int>();
        CHECK(n == power(3, s) + 1);
        ExecuteOptions options;
        options.max_recorded_violations = 1 << 20;  // Every violation, to find the proof's one.
        const Report report =
            check_schedule(testing::ring_schedule("trivance", Form::L, n), options);
        bool executor_found_it = false;
        for (const Violation& violation : report.violations)
            executor_found_it |= violation.kind == ViolationKind::double_count &&
                                 violation.step == found["step"].get<int>() &&
                                 violation.rank == found["rank"].get<int>() &&
                                 violation.contributor == found["contributor"].get<int>() &&
                                 violation.copies == found["times"].get<int>();
        CHECK(executor_found_it);

        // The largest last-step load, d = 3^s, first at n = 3^(s+1) - 1.
        const QueryOutcome& bound = proofs.at({"d_chunks_per_link", s});
        REQUIRE(bound.finding.has_value());
        const int at_n = bound.finding->data["at_n"].get<int>();
        const Report busiest = check_schedule(testing::ring_schedule("trivance", Form::L, at_n));
        CHECK(busiest.per_step.back().link_chunks_max ==
              bound.finding->data["largest_d"].get<std::int64_t>());
    }
}
