// `draw PLAN.json`: the timeline of an execution plan (docs/mscclpp.md, Drawing).
#include <doctest/doctest.h>

#include <string>

#include "checker/mscclpp/plan_check.hpp"
#include "checker/mscclpp/plan_timeline_svg.hpp"
#include "checker/pictures/svg_document.hpp"
#include "tests/mscclpp/mscclpp_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

int occurrences(const std::string& text, const std::string& part) {
    int count = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
        ++count;
    return count;
}

}  // namespace

TEST_CASE("mscclpp timeline: signals to their waits, relaxed ones dashed, the violation in red") {
    const mscclpp::Plan plan =
        mscclpp::parse_plan_json(two_gpu_plan_joined("rlxsignal", "wait"), "pair.json");
    const Report report = mscclpp::check_plan(plan);
    REQUIRE(!report.violations.empty());
    const std::string svg = mscclpp::plan_timeline_svg(plan, &report.violations.front());
    CHECK(occurrences(svg, "url(#signal)") == 2);   // the opening full signals
    CHECK(occurrences(svg, "url(#relaxed)") == 2);  // the relaxed ones after the puts
    CHECK(occurrences(svg, "stroke-dasharray") == 2);
    // The put and the re, and the caption naming the violation.
    CHECK(occurrences(svg, "fill=\"" + violation_colour + "\"") == 3);
    CHECK(svg.find("stale_read: ") != std::string::npos);
    CHECK(svg.find("gpu 1 tb 0") != std::string::npos);
    CHECK(mscclpp::plan_timeline_svg(plan, nullptr) == mscclpp::plan_timeline_svg(plan, nullptr));
}
