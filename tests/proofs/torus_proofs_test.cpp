// The torus obligations (proofs/torus_coverage.hpp, issue 14 item 6): they hold,
// each fails when its claim is shifted, and what they claim for symbolic
// extents is what the executor measures on generated tori. The expected
// figures below come from the formulas (3^(j+1) ranks covered after torus
// step j, 3^(j div 2) messages per link), not from models/ or proofs/ code.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "checker/explanations/check.hpp"
#include "models/generator.hpp"
#include "models/ring_arithmetic.hpp"
#include "proofs/prover.hpp"
#include "proofs/variants.hpp"

namespace {

using namespace trivcheck;
using proofs::QueryOutcome;

Report trivance_l_on_torus(int a, int b) {
    GeneratorRequest request;
    request.algo = "trivance";
    request.form = Form::L;
    request.topology.kind = TopologyKind::torus;
    request.topology.dims = {a, b};
    return check_schedule(generate(request));
}

}  // namespace

TEST_CASE("torus obligations hold for s = 1..4") {
    proofs::ProveSettings settings;
    settings.max_s = 4;
    settings.only = {"torus_exactly_once", "torus_step_link_bound"};
    const std::vector<QueryOutcome> outcomes = proofs::prove(settings);
    CHECK(outcomes.size() == 8);
    for (const QueryOutcome& outcome : outcomes) {
        INFO(outcome.label << " s=" << outcome.s << ": " << outcome.reason);
        CHECK(outcome.verdict == proofs::QueryVerdict::holds);
        CHECK(outcome.range ==
              "3^" + std::to_string(outcome.s) + " <= a, b < 3^" + std::to_string(outcome.s + 1));
    }
}

TEST_CASE("a shifted torus claim is violated, so the torus queries are not vacuous") {
    const proofs::SolverSettings settings;
    for (const proofs::Variant variant :
         {proofs::Variant::torus_radius, proofs::Variant::torus_claimed_load})
        for (const int shift : {-1, +1}) {
            CAPTURE(static_cast<int>(variant));
            CAPTURE(shift);
            CHECK(proofs::run_variant(variant, 2, 0, settings).verdict ==
                  proofs::QueryVerdict::holds);
            const QueryOutcome wrong = proofs::run_variant(variant, 2, shift, settings);
            CHECK(wrong.verdict == proofs::QueryVerdict::violated);
            CHECK(wrong.finding.has_value());
        }
}

TEST_CASE(
    "Trivance L on a×b tori with 3^s <= a, b < 3^(s+1): the executor measures the proved "
    "figures in every full step") {
    struct Shape {
        int a, b, s;
    };
    for (const Shape shape : {Shape{3, 3, 1}, Shape{3, 5, 1}, Shape{8, 4, 1}, Shape{9, 9, 2},
                              Shape{10, 12, 2}, Shape{9, 26, 2}, Shape{27, 27, 3}}) {
        CAPTURE(shape.a);
        CAPTURE(shape.b);
        const Report report = trivance_l_on_torus(shape.a, shape.b);
        REQUIRE(report.torus.has_value());
        REQUIRE(report.per_step.size() >= static_cast<std::size_t>(2 * shape.s));
        for (int j = 0; j < 2 * shape.s; ++j) {
            CAPTURE(j);
            const StepFigures& step = report.per_step[static_cast<std::size_t>(j)];
            CHECK(step.coverage_min == power(3, j + 1));
            CHECK(step.coverage_max == power(3, j + 1));
            CHECK(step.link_chunks_max == power(3, j / 2));
            CHECK(step.link_chunks_min == power(3, j / 2));
            for (const TorusDirectionLoad& direction : report.torus->directions)
                CHECK(direction.chunks_max[static_cast<std::size_t>(j)] == power(3, j / 2));
        }
        const bool power_square = shape.a == power(3, shape.s) && shape.b == power(3, shape.s);
        CHECK((report.verdict == Verdict::holds) == power_square);
        if (power_square) CHECK(report.per_step.back().coverage_min == shape.a * shape.b);
    }
}
