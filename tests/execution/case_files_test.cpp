#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "checker/explanations/check.hpp"
#include "checker/formats/schedule_json.hpp"
#include "checker/reports/report_json.hpp"
#include "tests/required_inputs.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

// Every tests/cases/NAME.json is checked against NAME.expect.json, and every
// field the expectation names must match the report exactly:
//   verdict, counts (violation_counts)         always
//   per_step, theta, totals                     required when the verdict holds
//   violations (the whole list, in order)       required when it is violated
//   checks, check_reasons                       the named checks, when they apply
//   includes                                    one violation with these fields
// A field the runner does not know is an error, so a misspelt key cannot
// silently assert nothing.

namespace {

const std::set<std::string> kExpectationFields = {"verdict", "counts",        "per_step",
                                                  "theta",   "totals",        "violations",
                                                  "checks",  "check_reasons", "includes"};

void check_against_expectation(const nlohmann::json& report, const nlohmann::json& expected) {
    for (const auto& [key, value] : expected.items()) {
        CAPTURE(key);
        CHECK(kExpectationFields.count(key) == 1);
    }
    CHECK(report["verdict"] == expected.at("verdict"));
    CHECK(report["violation_counts"] == expected.at("counts"));
    if (expected["verdict"] == "holds") {
        CHECK_MESSAGE(expected.contains("per_step"), "a holds case must pin its per-step figures");
        CHECK_MESSAGE(expected.contains("theta"), "a holds case must pin theta");
    }
    if (expected["verdict"] == "violated")
        CHECK_MESSAGE(expected.contains("violations"), "a violated case must pin every violation");
    for (const char* key : {"per_step", "totals", "violations", "checks", "check_reasons"})
        if (expected.contains(key)) {
            CAPTURE(key);
            CHECK(report[key] == expected[key]);
        }
    if (expected.contains("theta"))
        CHECK(report["theta"].get<double>() == doctest::Approx(expected["theta"].get<double>()));
    if (expected.contains("includes")) {
        bool found = false;
        for (const auto& violation : report["violations"]) {
            bool same = true;
            for (const auto& [key, value] : expected["includes"].items())
                same = same && violation[key] == value;
            found = found || same;
        }
        CHECK_MESSAGE(found, "no violation matches " << expected["includes"].dump());
    }
}

}  // namespace

TEST_CASE("case files give their expected verdict, figures and violations") {
    const std::filesystem::path folder = testing::source_path("tests/cases");
    int cases = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        const std::string file = entry.path().string();
        if (file.ends_with(".expect.json") || !file.ends_with(".json")) continue;
        const std::string expect_file = file.substr(0, file.size() - 5) + ".expect.json";
        CAPTURE(file);
        REQUIRE(std::filesystem::exists(expect_file));
        const nlohmann::json expected = nlohmann::json::parse(std::ifstream(expect_file));
        // Through a plain json, so key order never matters.
        const nlohmann::json report =
            nlohmann::json::parse(report_to_json(check_schedule(read_schedule_file(file))).dump());
        check_against_expectation(report, expected);
        ++cases;
    }
    CHECK(cases >= 16);
}

TEST_CASE("the example schedules give the verdicts tests/examples/README.md states") {
    const std::string folder = testing::source_path("tests/examples/");
    const Report l9 = check_schedule(read_schedule_file(folder + "trivance-L-9.json"));
    CHECK(l9.verdict == Verdict::holds);
    CHECK(l9.per_step.at(1).coverage_min == 9);
    CHECK(l9.per_step.at(1).link_chunks_max == 3);
    const Report b9 = check_schedule(read_schedule_file(folder + "trivance-B-9.json"));
    CHECK(b9.verdict == Verdict::holds);
    CHECK(b9.per_step.at(0).blocks_max == 3);
    CHECK(b9.per_step.at(1).blocks_max == 1);
    CHECK(check_schedule(read_schedule_file(folder + "ring-4.json")).steps() == 6);
    const Report l4 = check_schedule(read_schedule_file(folder + "trivance-L-4-published.json"));
    CHECK(l4.verdict == Verdict::violated);
    CHECK(l4.violations.at(0).kind == ViolationKind::double_count);
    CHECK(l4.violations.at(0).rank == 0);
    CHECK(l4.violations.at(0).copies == 3);
}
