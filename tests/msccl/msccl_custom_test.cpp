// A custom collective (MSCCLang's coll="custom") gets every asynchronous
// check and no postcondition of its own (tests/msccl/collectives/custom-*.xml).
#include <nlohmann/json.hpp>

#include "tests/msccl_test_support.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

TEST_CASE("msccl custom: two unordered receives into one output chunk are a race") {
    const Report report = check_msccl_text(collectives_text("custom-unordered-receives.xml"));
    const Violation& race = only_violation(report, "race");
    CHECK(race.rank == 0);
    REQUIRE(race.points.size() == 2);
    check_point(race.points[0], 0, 0, 0, "o", 0, "writes");
    check_point(race.points[1], 0, 1, 0, "o", 0, "writes");
    CHECK(report.violation_counts.size() == 1);
    CHECK(report.asynchronous->postcondition == "none given");
}

TEST_CASE("msccl custom: receives into separate chunks hold, with no postcondition given") {
    const Report report = check_msccl_text(collectives_text("custom-separate-receives.xml"));
    CHECK(report.verdict == Verdict::holds);
    CHECK(report.violation_counts.empty());
    CHECK(report.asynchronous->postcondition == "none given");
    CHECK(report.asynchronous->postcondition_missing_reason ==
          "a custom collective has none of its own; give one with --expect FILE");
}

TEST_CASE("msccl custom: check says postcondition none given, in text and JSON") {
    const std::string path = collectives_path("custom-separate-receives.xml");
    const CommandOutput text = run_trivcheck("check " + path);
    CHECK(text.exit_code == 0);
    CHECK(text.out.find("\npostcondition: none given (a custom collective has none of its own; "
                        "give one with --expect FILE)\n") != std::string::npos);
    const CommandOutput json = run_trivcheck("check " + path + " --json");
    CHECK(json.exit_code == 0);
    const nlohmann::json report = nlohmann::json::parse(json.out);
    CHECK(report["schedule"]["collective"] == "custom");
    CHECK(report["asynchronous"]["postcondition"] == "none given");
    CHECK(report["asynchronous"]["postcondition_missing_reason"] ==
          "a custom collective has none of its own; give one with --expect FILE");
    const CommandOutput racy =
        run_trivcheck("check " + collectives_path("custom-unordered-receives.xml"));
    CHECK(racy.exit_code == 1);
}
