#include <doctest/doctest.h>

#include "checker/explanations/check.hpp"
#include "checker/pictures/coverage_svg.hpp"
#include "checker/pictures/ring_step_svg.hpp"
#include "checker/pictures/step_dot.hpp"
#include "tests/golden_file.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using testing::check_golden;
using testing::ring_schedule;

TEST_CASE("ring step SVG of the published Trivance L on 4 ranks, its double count highlighted") {
    const Schedule schedule = ring_schedule("trivance", Form::L, 4);
    const Report report = check_schedule(schedule);
    REQUIRE(report.violations.front().step == 1);
    check_golden("trivance-L-4-step1.svg", ring_step_svg(schedule, 1, &report.violations.front()));
}

TEST_CASE("coverage grid of Trivance L on 9 ranks after step 0: the arcs r-1..r+1") {
    const Schedule schedule = ring_schedule("trivance", Form::L, 9);
    const std::string svg = coverage_svg(schedule, 0, 0, {});
    // 9 ranks x 3 contributors filled, the rest empty.
    std::size_t filled = 0;
    for (std::size_t at = svg.find("#3b6fb6"); at != std::string::npos;
         at = svg.find("#3b6fb6", at + 1))
        ++filled;
    CHECK(filled == 27);
    check_golden("trivance-L-9-coverage-step0.svg", svg);
}

TEST_CASE("pictures refuse what they cannot draw") {
    const Schedule schedule = ring_schedule("trivance", Form::L, 9);
    CHECK_THROWS_AS(ring_step_svg(schedule, 2, nullptr), std::invalid_argument);
    CHECK_THROWS_AS(coverage_svg(schedule, 0, 1, {}), std::invalid_argument);
}

TEST_CASE("DOT export of a step through Boost.Graph") {
    const Schedule schedule = ring_schedule("trivance", Form::L, 4);
    const Report report = check_schedule(schedule);
    const std::string dot = step_dot(schedule, 1, &report.violations.front());
    CHECK(dot.rfind("digraph G {", 0) == 0);
    CHECK(dot.find("layout=circo;") != std::string::npos);
    CHECK(dot.find("0[label=\"0\", color=red, penwidth=3];") != std::string::npos);
    CHECK(dot.find("1->0 [label=\"0\", color=red, penwidth=2.5];") != std::string::npos);
    CHECK(dot.find("0->1 [label=\"0\", color=steelblue];") != std::string::npos);
}

TEST_CASE("trivcheck draw writes the picture the options ask for") {
    const auto ring =
        testing::run_trivcheck("draw --algo trivance --form L --topo ring:4 --step 1");
    CHECK(ring.exit_code == 0);
    CHECK(ring.out.rfind("<svg ", 0) == 0);
    const auto dot =
        testing::run_trivcheck("draw --algo trivance --form L --topo ring:4 --step 1 --dot");
    CHECK(dot.out.rfind("digraph G {", 0) == 0);
    CHECK(
        testing::run_trivcheck("draw --algo trivance --form L --topo ring:4 --step 7").exit_code ==
        2);
}
