// `sweep --junit F` (cli/sweep_reports.hpp, checker/reports/junit_xml.hpp):
// a testcase per algorithm, form and n; a violation is a failure carrying the
// first violation in one line; parsed back with pugixml.
#include <doctest/doctest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>
#include <string>

#include "tests/test_support.hpp"

using namespace trivcheck::testing;

TEST_CASE("sweep --junit: one testcase per schedule and size, the failure in one line") {
    const std::string path = unique_temp_path("junit") + ".xml";
    const CommandOutput run =
        run_trivcheck("sweep --algo trivance,ring --form both --n 3,4 --junit " + path);
    CHECK(run.exit_code == 1);
    pugi::xml_document document;
    REQUIRE(document.load_file(path.c_str()));
    const pugi::xml_node suites = document.child("testsuites");
    CHECK(suites.attribute("tests").as_int() == 6);
    CHECK(suites.attribute("failures").as_int() == 1);
    const pugi::xml_node suite = suites.child("testsuite");
    CHECK(std::string(suite.attribute("name").value()) == "trivcheck sweep");
    std::string names;
    int cases = 0;
    for (pugi::xml_node test : suite.children("testcase")) {
        ++cases;
        names += std::string(test.attribute("classname").value()) + " " +
                 test.attribute("name").value() + ";";
        CHECK(test.attribute("time").as_double() >= 0);
    }
    CHECK(cases == 6);
    CHECK(names ==
          "ring.B n=3;ring.B n=4;trivance.B n=3;trivance.B n=4;trivance.L n=3;trivance.L n=4;");
    const pugi::xml_node failure =
        suite.find_child_by_attribute("testcase", "classname", "trivance.L")
            .next_sibling()
            .child("failure");
    REQUIRE(failure);
    CHECK(std::string(failure.attribute("type").value()) == "double_count");
    CHECK(std::string(failure.attribute("message").value()) ==
          "double_count at step 1: rank 0 reduces contribution 0 of block 0 3 times (its own "
          "partial holds one copy)");
}

TEST_CASE("sweep --junit: an undecided size is an error, a missing form is skipped") {
    const std::string path = unique_temp_path("junit-unknown") + ".xml";
    CHECK(run_trivcheck("sweep --algo ring --form B --n 64 --memory-limit 1 --junit " + path)
              .exit_code == 4);
    pugi::xml_document document;
    REQUIRE(document.load_file(path.c_str()));
    const pugi::xml_node error =
        document.child("testsuites").child("testsuite").child("testcase").child("error");
    REQUIRE(error);
    CHECK(std::string(error.attribute("type").value()) == "unknown");
    const std::string skipped_path = unique_temp_path("junit-skipped") + ".xml";
    CHECK(run_trivcheck("sweep --algo ring --form L --n 4 --junit " + skipped_path).exit_code == 2);
    REQUIRE(document.load_file(skipped_path.c_str()));
    CHECK(document.child("testsuites").attribute("skipped").as_int() == 1);
}

TEST_CASE("sweep --sarif: one result per violated size, named") {
    const std::string path = unique_temp_path("sweep") + ".sarif";
    CHECK(run_trivcheck("sweep --algo trivance --form L --n 3,4 --sarif " + path).exit_code == 1);
    std::ifstream in(path);
    const nlohmann::json log = nlohmann::json::parse(in);
    CHECK(log["version"] == "2.1.0");
    const nlohmann::json& results = log["runs"][0]["results"];
    REQUIRE(results.size() == 1);
    CHECK(results[0]["ruleId"] == "double_count");
    CHECK(results[0]["message"]["text"] ==
          "trivance L n=4: double_count at step 1: rank 0 reduces contribution 0 of block 0 3 "
          "times (its own partial holds one copy)");
    CHECK(results[0]["locations"][0]["logicalLocations"][0]["fullyQualifiedName"] ==
          "trivance L n=4");
}
