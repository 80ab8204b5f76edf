#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "checker/explanations/check.hpp"
#include "checker/formats/report_json.hpp"
#include "checker/formats/schedule_json.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

// Every tests/cases/NAME.json is checked against NAME.expect.json: the exact
// verdict, the exact count of each violation kind, and (for broken schedules)
// one violation that must appear with exactly the given fields.

TEST_CASE("case files give their expected verdict and violations") {
    const std::filesystem::path folder = testing::source_path("tests/cases");
    int cases = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        const std::string file = entry.path().string();
        if (file.ends_with(".expect.json") || !file.ends_with(".json")) continue;
        const std::string expect_file = file.substr(0, file.size() - 5) + ".expect.json";
        CAPTURE(file);
        REQUIRE(std::filesystem::exists(expect_file));
        const nlohmann::json expected = nlohmann::json::parse(std::ifstream(expect_file));
        const nlohmann::ordered_json report =
            report_to_json(check_schedule(read_schedule_file(file)));
        CHECK(report["verdict"] == expected["verdict"]);
        CHECK(nlohmann::json(report["violation_counts"]) == expected["counts"]);
        if (expected.contains("includes")) {
            bool found = false;
            for (const auto& violation : report["violations"]) {
                bool same = true;
                for (const auto& [key, value] : expected["includes"].items())
                    same = same && nlohmann::json(violation[key]) == value;
                found = found || same;
            }
            CHECK_MESSAGE(found, "no violation matches " << expected["includes"].dump());
        }
        ++cases;
    }
    CHECK(cases >= 10);
}

TEST_CASE("SPEC's example schedules give the verdicts their README states") {
    const std::string folder = testing::shared_path("examples/");
    if (!std::filesystem::exists(folder)) {
        MESSAGE("skipped: " << folder << " is absent");
        return;
    }
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
    CHECK(l4.violations.at(0).kind == "double_count");
    CHECK(l4.violations.at(0).rank == 0);
    CHECK(l4.violations.at(0).copies == 3);
}
