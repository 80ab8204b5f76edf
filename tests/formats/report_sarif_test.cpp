// `check FILE... --format sarif` (checker/reports/report_sarif.hpp): the
// fields SARIF 2.1.0 requires, one rule per kind with help, one result per
// violation at a line of the file, related locations for the other copy.
#include <doctest/doctest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "checker/formats/json_path_line.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;
using nlohmann::json;

namespace {

/// The required fields of the SARIF 2.1.0 schema (sarif-schema-2.1.0.json:
/// sarifLog.version and runs; run.tool; tool.driver; toolComponent.name;
/// reportingDescriptor.id; result.message; message.text), and what code
/// scanning needs besides (ruleId in the rules, a location with a uri).
void check_sarif_shape(const json& log) {
    CHECK(log.at("version") == "2.1.0");
    CHECK(log.at("$schema") == "https://json.schemastore.org/sarif-2.1.0.json");
    REQUIRE(log.at("runs").is_array());
    for (const json& run : log.at("runs")) {
        const json& driver = run.at("tool").at("driver");
        CHECK(driver.at("name") == "trivcheck");
        std::set<std::string> ids;
        for (const json& rule : driver.at("rules")) {
            CHECK(ids.insert(rule.at("id").get<std::string>()).second);  // one rule per kind
            CHECK_FALSE(rule.at("help").at("text").get<std::string>().empty());
            CHECK_FALSE(rule.at("shortDescription").at("text").get<std::string>().empty());
        }
        for (const json& result : run.at("results")) {
            const std::string rule = result.at("ruleId");
            CHECK(ids.count(rule) == 1);
            CHECK(driver.at("rules").at(result.at("ruleIndex").get<std::size_t>()).at("id") ==
                  rule);
            CHECK_FALSE(result.at("message").at("text").get<std::string>().empty());
            REQUIRE(result.at("locations").size() == 1);
            const json& physical = result.at("locations")[0].at("physicalLocation");
            CHECK_FALSE(physical.at("artifactLocation").at("uri").get<std::string>().empty());
            CHECK(physical.at("region").at("startLine").get<int>() >= 1);
        }
    }
}

json located(const json& result) {
    const json& place = result.at("locations")[0];
    return {{"uri", place["physicalLocation"]["artifactLocation"]["uri"]},
            {"line", place["physicalLocation"]["region"]["startLine"]},
            {"path", place["logicalLocations"][0]["fullyQualifiedName"]}};
}

}  // namespace

TEST_CASE("json_path_line finds the line of a JSON path") {
    const std::string text =
        "{\n \"a\": [\n  1,\n  {\"b\": \"x,]\"},\n  [2,\n   3]\n ],\n \"c\": 4\n}";
    CHECK(json_path_line(text, "") == 1);
    CHECK(json_path_line(text, "a") == 2);
    CHECK(json_path_line(text, "a[0]") == 3);
    CHECK(json_path_line(text, "a[1].b") == 4);
    CHECK(json_path_line(text, "a[2][1]") == 6);
    CHECK(json_path_line(text, "c") == 8);
    CHECK(json_path_line(text, "a[3]") == std::nullopt);
    CHECK(json_path_line(text, "d") == std::nullopt);
    CHECK(json_path_line(text, "a.b") == std::nullopt);
}

TEST_CASE("check --format sarif: a double count, an exceeded bound and a correct file") {
    const std::string twice = source_path("tests/cases/direct-3-sent-twice.json");
    const std::string theta = source_path("tests/cases/direct-3-theta-bound.json");
    const std::string holds = source_path("tests/cases/direct-3-holds.json");
    const CommandOutput run =
        run_trivcheck("check " + twice + " " + theta + " " + holds + " --format sarif");
    CHECK(run.exit_code == 1);
    const json log = json::parse(run.out);
    check_sarif_shape(log);
    const json& results = log["runs"][0]["results"];
    REQUIRE(results.size() == 2);
    CHECK(results[0]["ruleId"] == "double_count");
    CHECK(results[0]["message"]["text"] ==
          "double_count at step 0: rank 1 reduces contribution 0 of block 0 2 times");
    CHECK(located(results[0]) ==
          json{{"uri", twice}, {"line", 18}, {"path", "steps[0].transfers[0]"}});
    // The other copy: the second transfer 0 -> 1 of step 0.
    REQUIRE(results[0]["relatedLocations"].size() == 1);
    const json& other = results[0]["relatedLocations"][0];
    CHECK(other["physicalLocation"]["region"]["startLine"] == 26);
    CHECK(other["logicalLocations"][0]["fullyQualifiedName"] == "steps[0].transfers[1]");
    CHECK(other["message"]["text"] == "another copy of the contribution arrives here");
    CHECK(results[1]["ruleId"] == "bound_exceeded");
    CHECK(located(results[1]) == json{{"uri", theta}, {"line", 15}, {"path", "bounds.theta"}});
}

TEST_CASE("check --format sarif: an unreadable file is an input_error result at its path, exit 3") {
    const std::string bad = unique_temp_path("sarif-bad") + ".json";
    std::ofstream(bad) << R"({"schema": "trivcheck.schedule/1", "collective": "allreduce",
 "topology": {"kind": "ring", "dims": [2]}, "ranks": 2, "blocks": 1, "ports": 2,
 "steps": [{"transfers": [
   {"src": 0, "dst": 5, "blocks": [0], "op": "reduce"}]}]})";
    const CommandOutput run = run_trivcheck("check " + bad + " --format sarif");
    CHECK(run.exit_code == 3);
    const json log = json::parse(run.out);
    check_sarif_shape(log);
    const json& result = log["runs"][0]["results"].at(0);
    CHECK(result["ruleId"] == "input_error");
    CHECK(located(result) ==
          json{{"uri", bad}, {"line", 4}, {"path", "steps[0].transfers[0].dst"}});
}

TEST_CASE("check --format sarif: an MSCCL-IR double count points at XML elements") {
    const std::string xml = unique_temp_path("sarif-msccl") + ".xml";
    REQUIRE(
        run_trivcheck(
            "gen --algo trivance --form L --topo ring:4 --format msccl --runtime msccl -o " + xml)
            .exit_code == 0);
    const CommandOutput run = run_trivcheck("check " + xml + " --format sarif");
    CHECK(run.exit_code == 1);
    const json log = json::parse(run.out);
    check_sarif_shape(log);
    const json& first = log["runs"][0]["results"].at(0);
    CHECK(first["ruleId"] == "double_count");
    CHECK(located(first)["path"] == "/algo/gpu[@id='2']/tb[@id='0']/step[@s='3']");
    CHECK(first["relatedLocations"].size() == 2);
}

TEST_CASE("check --format sarif: correct files give no result and exit 0") {
    const CommandOutput run =
        run_trivcheck("check " + source_path("tests/cases/direct-3-holds.json") + " " +
                      source_path("tests/cases/torus-2x2-holds.json") + " --format sarif");
    CHECK(run.exit_code == 0);
    const json log = json::parse(run.out);
    check_sarif_shape(log);
    CHECK(log["runs"][0]["results"].empty());
}
