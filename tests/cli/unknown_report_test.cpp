// `check --json` that decides nothing (exit 4) still prints a report: one
// JSON document whose verdict is "unknown", with its cause and reason.
// Before, it printed nothing on stdout; a CI step parsing the report failed
// on empty input instead of reading "unknown".
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "tests/test_support.hpp"

using namespace trivcheck::testing;

namespace {

/// The one JSON document on stdout (a parse error fails the test).
nlohmann::json unknown_report(const std::string& arguments) {
    const CommandOutput run = run_trivcheck(arguments);
    CHECK(run.exit_code == 4);
    REQUIRE(nlohmann::json::accept(run.out));
    const nlohmann::json report = nlohmann::json::parse(run.out);
    CHECK(report["schema"] == "trivcheck.report/1");
    CHECK(report["verdict"] == "unknown");
    return report;
}

}  // namespace

TEST_CASE("check --json that exits 4 prints a report whose verdict is unknown") {
    SUBCASE("a generated schedule above --memory-limit") {
        const nlohmann::json report = unknown_report(
            "check --algo trivance --form L --topo ring:100000 --memory-limit 1 "
            "--json 2>/dev/null");
        CHECK(report["schedule"]["name"] == "trivance L ring:100000");
        CHECK(report["cause"] == "resource limit");
        // Refused by the generator's estimate, before it builds anything.
        CHECK(report["reason"].get<std::string>().find("needs at least") != std::string::npos);
        CHECK(report["reason"].get<std::string>().find("refused before building it") !=
              std::string::npos);
    }
    SUBCASE("a schedule file above --memory-limit, with --format json") {
        const std::string file = temporary_file(
            "unknown-report", ".json",
            R"({"schema": "trivcheck.schedule/1", "name": "wide", "collective": "allreduce",
                "topology": {"kind": "ring", "dims": [100000]}, "ranks": 100000,
                "blocks": 1, "ports": 2, "steps": []})");
        const nlohmann::json report =
            unknown_report("check " + file + " --memory-limit 1 --format json 2>/dev/null");
        CHECK(report["schedule"]["name"] == file);
        CHECK(report["cause"] == "resource limit");
    }
    SUBCASE("a solver that gives up (--engine smt --smt-rlimit 1)") {
        const nlohmann::json report = unknown_report(
            "check --algo ring --form B --topo ring:8 --engine smt --smt-rlimit 1 --json "
            "2>/dev/null");
        CHECK(report["schedule"]["name"] == "ring-B-8");
        CHECK(report["cause"] == "solver");
    }
}
