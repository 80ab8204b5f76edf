#include <doctest/doctest.h>

#include <string>

#include "checker/explanations/check.hpp"
#include "checker/formats/topology_spec.hpp"
#include "checker/pictures/torus_svg.hpp"
#include "models/generator.hpp"
#include "tests/golden_file.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

namespace {

Schedule torus_schedule(const std::string& algo, Form form, std::vector<int> dims) {
    GeneratorRequest request;
    request.algo = algo;
    request.form = form;
    request.topology = torus_topology(std::move(dims));
    return generate(request);
}

std::size_t occurrences(const std::string& text, const std::string& what) {
    std::size_t count = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++count;
    return count;
}

}  // namespace

TEST_CASE("torus step SVG of Trivance L on 3x3, step 0: 9 ranks, 36 arrows, 12 round the edge") {
    const Schedule schedule = torus_schedule("trivance", Form::L, {3, 3});
    const std::string svg = torus_step_svg(schedule, 0, nullptr);
    // Every rank sends to both neighbours of its row (block 0) and of its
    // column (block 1): 9 x 4 messages. In each line of 3, the two messages
    // between its ends (0 -> 2 the - way, 2 -> 0 the + way) cross the edge:
    // 2 per row and 2 per column, 12 in all, drawn dashed.
    CHECK(occurrences(svg, "<circle") == 9);
    CHECK(occurrences(svg, "marker-end=\"url(#reduce)\"") == 36);
    CHECK(occurrences(svg, "marker-end=\"url(#copy)\"") == 0);
    CHECK(occurrences(svg, "stroke-dasharray") == 12);
    // Every one of the 36 directed links carries one chunk; the first is marked.
    CHECK(svg.find("<!-- busiest link 0 dim 0 (+): 1 chunk -->") != std::string::npos);
    CHECK(svg.find("carries 1 chunk (the first of 36 that do)") != std::string::npos);
}

TEST_CASE("torus step SVG of Trivance B on 5x7, step 2: a busiest link of 2 chunks (golden)") {
    const Schedule schedule = torus_schedule("trivance", Form::B, {5, 7});
    const std::string svg = torus_step_svg(schedule, 2, nullptr);
    CHECK(occurrences(svg, "<circle") == 35);
    CHECK(occurrences(svg, "marker-end=\"url(#reduce)\"") == schedule.steps[2].transfers.size());
    CHECK(svg.find("<!-- busiest link 0 dim 1 (+): 2 chunks -->") != std::string::npos);
    testing::check_golden("trivance-B-5x7-step2.svg", svg);
    // Deterministic: drawing twice gives the same text.
    CHECK(torus_step_svg(schedule, 2, nullptr) == svg);
}

TEST_CASE("torus coverage SVG: Trivance L on 9x9 holds the product of the line coverages") {
    const Schedule schedule = torus_schedule("trivance", Form::L, {9, 9});
    // Block 0 goes round dimension 0 first: 3 after step 0, 3x3 after step 1, 9x3 after step 2.
    const std::size_t expected[] = {3, 9, 27, 81};
    for (int step = 0; step < 4; ++step) {
        CAPTURE(step);
        const std::string svg = torus_coverage_svg(schedule, step, 0, 40);
        // Filled cells are drawn in the reduction colour, empty ones in #f0f0f0.
        CHECK(occurrences(svg, "fill=\"#3b6fb6\"") == expected[step]);
        CHECK(occurrences(svg, "fill=\"#f0f0f0\"") == 81 - expected[step]);
        CHECK(svg.find("rank 40 holds " + std::to_string(expected[step]) +
                       " of 81; every rank holds " + std::to_string(expected[step]) + "<") !=
              std::string::npos);
    }
}

TEST_CASE("torus pictures refuse what they cannot draw") {
    const Schedule flat = torus_schedule("trivance", Form::L, {3, 3});
    CHECK_THROWS_AS(torus_step_svg(flat, 4, nullptr), std::invalid_argument);
    CHECK_THROWS_AS(torus_coverage_svg(flat, 0, 0, 9), std::invalid_argument);
    const Schedule cube = torus_schedule("trivance", Form::L, {3, 3, 3});
    CHECK_THROWS_WITH_AS(torus_step_svg(cube, 0, nullptr),
                         "torus pictures need a 2D torus, not torus:3x3x3", std::invalid_argument);
    const testing::CommandOutput run =
        testing::run_trivcheck("draw --algo trivance --form B --topo torus:5x7 --step 2");
    CHECK(run.exit_code == 0);
    CHECK(run.out == torus_step_svg(torus_schedule("trivance", Form::B, {5, 7}), 2, nullptr));
    const testing::CommandOutput refused =
        testing::run_trivcheck_stderr("draw --algo trivance --form B --topo torus:3x3x3");
    CHECK(refused.exit_code == 2);
    CHECK(refused.out == "error: torus pictures need a 2D torus, not torus:3x3x3\n");
}
