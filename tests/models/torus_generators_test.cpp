// Every generator on tori (models/torus_lift.hpp): each algorithm and form on
// the shapes of the issue either holds, is violated exactly where its ring
// form is (the published L forms of Trivance and Bruck on sizes they do not
// fit), or is not applicable with its reason; the torus figures on small
// shapes against values worked out by hand.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "checker/explanations/check.hpp"
#include "models/ring_arithmetic.hpp"
#include "models/torus_lift.hpp"
#include "proofs/last_step_planner.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

namespace {

using testing::torus;

GeneratorRequest torus_request(const std::string& algo, Form form, const Topology& topology) {
    GeneratorRequest request;
    request.algo = algo;
    request.form = form;
    request.topology = topology;
    return request;
}

bool every_dimension(const Topology& topology, bool (*fits)(int)) {
    for (int extent : topology.dims)
        if (!fits(extent)) return false;
    return true;
}

bool power_of_3(int n) { return is_power_of(n, 3); }
/// Bruck's published L form counts nothing twice for n = 3^s and n = 2·3^s (models/bruck.hpp).
bool bruck_latency_exact(int n) {
    return is_power_of(n, 3) || (n % 2 == 0 && is_power_of(n / 2, 3));
}

struct Variant {
    std::string algo;
    Form form;
    std::string last_step = "published";
    std::string tree = "first_come";
    std::string route = "same";
};

/// Whether the published form is exact on every dimension's ring: the lift
/// keeps each ring's verdict (a product of exact rings is exact, and a
/// double count on one ring's lines is one on the torus).
bool expected_to_hold(const Variant& variant, const Topology& topology) {
    if (variant.form == Form::B || variant.last_step != "published") return true;
    if (variant.algo == "trivance") return every_dimension(topology, power_of_3);
    if (variant.algo == "bruck") return every_dimension(topology, bruck_latency_exact);
    return true;
}

void check_shape(const Topology& topology) {
    const std::vector<Variant> variants = {
        {"trivance", Form::L},
        {"trivance", Form::L, "fold"},
        {"trivance", Form::L, "synthesized"},
        {"trivance", Form::B},
        {"trivance", Form::B, "published", "balanced"},
        {"swing", Form::L},
        {"swing", Form::B},
        {"recursive_doubling", Form::L},
        {"recursive_doubling", Form::B},
        {"bruck", Form::L},
        {"bruck", Form::B},
        {"bruck", Form::B, "published", "first_come", "shortest"},
        {"ring", Form::B},
    };
    const auto dimensions = static_cast<int>(topology.dims.size());
    for (const Variant& variant : variants) {
        CAPTURE(topology.describe());
        CAPTURE(variant.algo);
        CAPTURE(to_string(variant.form));
        CAPTURE(variant.last_step);
        CAPTURE(variant.tree);
        CAPTURE(variant.route);
        GeneratorRequest request = torus_request(variant.algo, variant.form, topology);
        request.last_step = variant.last_step;
        request.tree = variant.tree;
        request.route = variant.route;
        proofs::supply_planner(request);
        Schedule schedule;
        try {
            schedule = generate(request);
        } catch (const NotApplicable& reason) {
            // Only a synthesized last step may be missing, for a dimension Z3 proves has none.
            CHECK(variant.last_step == "synthesized");
            CHECK(std::string(reason.what()).find("dimension") != std::string::npos);
            CHECK(std::string(reason.what()).find("(Z3: unsat)") != std::string::npos);
            continue;
        }
        CHECK(schedule.ranks == topology.rank_count());
        CHECK(schedule.ports == 2 * dimensions);
        const Report report = check_schedule(schedule);
        REQUIRE(report.torus.has_value());
        CHECK(report.torus->theta_relative == doctest::Approx(report.theta * dimensions));
        if (expected_to_hold(variant, topology)) {
            CHECK(report.verdict == Verdict::holds);
        } else {
            CHECK(report.verdict == Verdict::violated);
            CHECK(report.violation_counts.count(ViolationKind::double_count) == 1);
            CHECK(report.violation_counts.size() == 1);
        }
    }
    CHECK_THROWS_WITH_AS(generate(torus_request("ring", Form::L, topology)), "ring has no L form",
                         NotApplicable);
}

}  // namespace

TEST_CASE("torus: every algorithm and form on 9x9, 5x7, 8x8x8 and 4x4x4x4") {
    for (const Topology& topology :
         {torus({9, 9}), torus({5, 7}), torus({8, 8, 8}), torus({4, 4, 4, 4})})
        check_shape(topology);
}

TEST_CASE("torus: every algorithm and form on 27x27, 32x32 and 8x64" *
          doctest::test_suite("slow")) {
    for (const Topology& topology : {torus({27, 27}), torus({32, 32}), torus({8, 64})})
        check_shape(topology);
}

TEST_CASE("torus: Trivance L on 3x3, the two collectives swap dimensions each step") {
    const Report report =
        check_schedule(generate(torus_request("trivance", Form::L, torus({3, 3}))));
    CHECK(report.verdict == Verdict::holds);
    REQUIRE(report.steps() == 2);
    // Coverage is the product of the dimensions' coverages: 3, then 3·3.
    CHECK(report.per_step[0].coverage_min == 3);
    CHECK(report.per_step[0].coverage_max == 3);
    CHECK(report.per_step[1].coverage_min == 9);
    // Each step, collective 0 sends its half to both neighbours in one
    // dimension and collective 1 in the other: every link of every direction
    // carries one message of m/2 (1 of the 2 blocks).
    REQUIRE(report.torus->directions.size() == 4);
    for (const TorusDirectionLoad& direction : report.torus->directions) {
        CHECK(direction.chunks_max == std::vector<std::int64_t>{1, 1});
        CHECK(direction.blocks_max == std::vector<std::int64_t>{1, 1});
    }
    CHECK(report.theta == doctest::Approx(1.0));
    CHECK(report.torus->theta_relative == doctest::Approx(2.0));
}

TEST_CASE("torus: on 8x64 the collectives share dimension 1 once dimension 0 is done") {
    // The published distances, so that ring 64's steps are the ones below.
    GeneratorRequest request = torus_request("trivance", Form::B, torus({8, 64}));
    request.layout = "short_last";
    const Schedule schedule = generate(request);
    const Report report = check_schedule(schedule);
    CHECK(report.verdict == Verdict::holds);
    // Ring 8 needs 2 steps (distances 1, 3), ring 64 needs 4 (1, 3, 9, 19): 6
    // reduce-scatter steps, the last two with both collectives on dimension 1
    // at the ring's distance d, each a ring B step whose links carry d chunks.
    CHECK(report.steps() == 12);
    const std::vector<std::int64_t> dimension_0{1, 1, 3, 3, 0, 0, 0, 0, 3, 3, 1, 1};
    const std::vector<std::int64_t> dimension_1{1, 1, 3, 3, 18, 38, 38, 18, 3, 3, 1, 1};
    CHECK(report.torus->directions[0].chunks_max == dimension_0);
    CHECK(report.torus->directions[1].chunks_max == dimension_0);
    CHECK(report.torus->directions[2].chunks_max == dimension_1);
    CHECK(report.torus->directions[3].chunks_max == dimension_1);
}

TEST_CASE("torus: the round-robin walk skips exhausted dimensions") {
    const std::vector<DimensionStep> walk = round_robin_walk(1, {0, 0}, {2, 4});
    std::vector<int> dimensions;
    for (const DimensionStep& step : walk) dimensions.push_back(step.dimension);
    CHECK(dimensions == std::vector<int>{1, 0, 1, 0, 1, 1});
    CHECK(walk[4].ring_step == 2);
}

TEST_CASE("torus: an unknown last step is refused on a torus as on a ring") {
    GeneratorRequest request = torus_request("trivance", Form::L, torus({9, 4}));
    request.last_step = "nosuch";
    CHECK_THROWS_AS(generate(request), std::invalid_argument);
}
