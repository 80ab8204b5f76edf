// Rank orbits: a rotation-symmetric schedule executed for rank 0 alone must
// report exactly what executing every rank reports. The whole execution is
// forced by listing each step's transfers in reverse, which breaks the layout
// the symmetry detector needs (and the test asserts that it does).
#include <doctest/doctest.h>

#include <algorithm>

#include "checker/explanations/check.hpp"
#include "checker/reports/report_json.hpp"
#include "models/orbit_generator.hpp"
#include "models/ring.hpp"
#include "models/rotation_symmetry.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

namespace {

Schedule with_steps_reversed(Schedule schedule) {
    for (Step& step : schedule.steps) std::reverse(step.transfers.begin(), step.transfers.end());
    return schedule;
}

void check_same_figures(const Report& orbit, const Report& whole) {
    CHECK(orbit.verdict == whole.verdict);
    CHECK(orbit.violation_counts == whole.violation_counts);
    REQUIRE(orbit.per_step.size() == whole.per_step.size());
    for (std::size_t k = 0; k < orbit.per_step.size(); ++k) {
        const StepFigures& a = orbit.per_step[k];
        const StepFigures& b = whole.per_step[k];
        CAPTURE(k);
        CHECK(a.distances == b.distances);
        CHECK(a.coverage_min == b.coverage_min);
        CHECK(a.coverage_max == b.coverage_max);
        CHECK(a.messages_max == b.messages_max);
        CHECK(a.blocks_max == b.blocks_max);
        CHECK(a.link_chunks_max == b.link_chunks_max);
        CHECK(a.link_chunks_min == b.link_chunks_min);
        CHECK(a.link_blocks_max == b.link_blocks_max);
        CHECK(a.busiest_link == b.busiest_link);
    }
    CHECK(orbit.theta == whole.theta);
    CHECK(orbit.total_blocks_per_rank_max == whole.total_blocks_per_rank_max);
    REQUIRE(orbit.phase_bytes.size() == whole.phase_bytes.size());
    for (std::size_t p = 0; p < orbit.phase_bytes.size(); ++p) {
        CHECK(orbit.phase_bytes[p].first == whole.phase_bytes[p].first);
        CHECK(orbit.phase_bytes[p].second.min_blocks == whole.phase_bytes[p].second.min_blocks);
        CHECK(orbit.phase_bytes[p].second.max_blocks == whole.phase_bytes[p].second.max_blocks);
    }
    if (!orbit.violations.empty() && !whole.violations.empty()) {
        CHECK(orbit.violations.front().kind == whole.violations.front().kind);
        CHECK(orbit.violations.front().step == whole.violations.front().step);
        CHECK(orbit.violations.front().rank == whole.violations.front().rank);
    }
}

}  // namespace

TEST_CASE("a rank orbit reports what the whole execution reports") {
    struct Family {
        const char* algo;
        Form form;
        const char* route;
    };
    const Family families[] = {{"ring", Form::B, "same"},      {"trivance", Form::L, "same"},
                               {"trivance", Form::B, "same"},  {"bruck", Form::L, "same"},
                               {"bruck", Form::L, "shortest"}, {"bruck", Form::B, "same"}};
    for (const Family& family : families)
        for (int n : {3, 4, 5, 8, 9, 10, 16, 27, 28, 31}) {
            GeneratorRequest request{family.algo, family.form, Topology::ring(n)};
            request.route = family.route;
            const Schedule schedule = generate(request);
            CAPTURE(schedule.name);
            CAPTURE(family.route);
            const Schedule reversed = with_steps_reversed(schedule);
            REQUIRE(is_rotation_symmetric(schedule));
            REQUIRE_FALSE(is_rotation_symmetric(reversed));
            check_same_figures(execute(schedule), execute(reversed));
        }
}

TEST_CASE("ring B's orbit expands to the bucket ring and checks like the whole schedule") {
    for (int n : {2, 3, 6, 13}) {
        const GeneratorRequest request{"ring", Form::B, Topology::ring(n)};
        const RotationOrbit orbit = generate_ring_orbit(request);
        CAPTURE(n);
        REQUIRE(orbit.model.steps.size() == 2 * static_cast<std::size_t>(n - 1));
        CHECK(orbit.model.steps.front().transfers.size() == 2);
        const Schedule whole = expand(orbit);
        // Step t of the reduce-scatter: rank r sends block r - t to r + 1 and n + r + t to r - 1.
        for (int t = 0; t < n - 1; ++t)
            for (int r = 0; r < n; ++r) {
                const auto& step = whole.steps[static_cast<std::size_t>(t)].transfers;
                const Transfer& plus = step[2 * static_cast<std::size_t>(r)];
                const Transfer& minus = step[2 * static_cast<std::size_t>(r) + 1];
                CHECK(plus.src == r);
                CHECK(plus.dst == (r + 1) % n);
                CHECK(plus.blocks.sorted() == std::vector<int>{((r - t) % n + n) % n});
                CHECK(minus.dst == (r + n - 1) % n);
                CHECK(minus.blocks.sorted() == std::vector<int>{n + (r + t) % n});
            }
        CHECK(generate_orbit(request).has_value());
        const Report from_orbit = check_orbit(orbit);
        const Report from_whole = check_schedule(whole);
        CHECK(from_orbit.verdict == Verdict::holds);
        CHECK(report_to_json(from_orbit).dump() == report_to_json(from_whole).dump());
    }
}

TEST_CASE("a violated orbit is re-checked whole, so its double counts carry traced paths") {
    RotationOrbit orbit = generate_ring_orbit({"ring", Form::B, Topology::ring(5)});
    // Every rank sends its ring + block twice in step 0: each receiver counts it twice.
    Step& first = orbit.model.steps.front();
    first.transfers.push_back(first.transfers.front());
    first.transfers.back().route = Route::shortest;
    const Report report = check_orbit(orbit);
    CHECK(report.verdict == Verdict::violated);
    REQUIRE_FALSE(report.violations.empty());
    CHECK(report.violation_counts.at(ViolationKind::port_overuse) == 10);
    const auto double_count =
        std::find_if(report.violations.begin(), report.violations.end(),
                     [](const Violation& v) { return v.kind == ViolationKind::double_count; });
    REQUIRE(double_count != report.violations.end());
    CHECK(double_count->step == 0);
    CHECK(double_count->copies == 2);
    CHECK_FALSE(double_count->paths.empty());
}

TEST_CASE("published Trivance L through its orbit: the same report as the whole schedule") {
    for (int n : {2, 9, 10, 28}) {
        const GeneratorRequest request{"trivance", Form::L, Topology::ring(n)};
        const std::optional<RotationOrbit> orbit = generate_orbit(request);
        REQUIRE(orbit.has_value());
        CAPTURE(n);
        CHECK(orbit->model.steps.front().transfers.size() == 2);
        CHECK(report_to_json(check_generated(request)).dump() ==
              report_to_json(check_schedule(generate(request))).dump());
    }
    GeneratorRequest fold{"trivance", Form::L, Topology::ring(10)};
    fold.last_step = "fold";
    CHECK_FALSE(generate_orbit(fold).has_value());
}
