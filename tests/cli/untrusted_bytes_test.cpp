// Names, paths and messages carry whatever bytes the user's files and command
// line hold. JSON, SARIF and JUnit get valid UTF-8 (U+FFFD for a bad byte),
// text on a terminal gets control bytes escaped, and nothing aborts: before,
// nlohmann's type_error.316 ended the process with SIGABRT (exit 134).
#include <doctest/doctest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/msccl_test_support.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck::testing;

namespace {

std::string write_file(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

/// two_gpu_allreduce_xml with its <algo name="..."> replaced by `name`.
std::string pair_named(const std::string& name) {
    std::string text = two_gpu_allreduce_xml;
    const std::string from = "name=\"pair\"";
    text.replace(text.find(from), from.size(), "name=\"" + name + "\"");
    return text;
}

/// Parses `text` as JSON: nlohmann refuses bytes that are not UTF-8.
nlohmann::json parsed(const std::string& text) {
    nlohmann::json json;
    CHECK_NOTHROW(json = nlohmann::json::parse(text));
    return json;
}

const std::string replacement = "\xEF\xBF\xBD";  // U+FFFD

}  // namespace

TEST_CASE("untrusted bytes: a name that is not UTF-8 reaches --json as U+FFFD, no abort") {
    const std::string file =
        write_file(unique_temp_path("trivcheck-latin1") + ".xml", pair_named("ring-\xE9\xFF"));
    const CommandOutput run = run_trivcheck("check " + file + " --json");
    CHECK(run.exit_code == 0);
    const nlohmann::json report = parsed(run.out);
    CHECK(report["schedule"]["name"] == "ring-" + replacement + replacement);
}

TEST_CASE("untrusted bytes: an input error quoting a bad byte reaches SARIF, with the others") {
    // A file that holds (no result), one that is violated (a result) and one
    // whose input error quotes a 0xFF byte: one log for all three.
    std::string violated = two_gpu_allreduce_xml;
    violated.replace(violated.find("type=\"rrc\""), 10, "type=\"r\"");
    const std::string holds =
        write_file(unique_temp_path("trivcheck-holds") + ".xml", two_gpu_allreduce_xml);
    const std::string wrong = write_file(unique_temp_path("trivcheck-wrong") + ".xml", violated);
    const std::string bad =
        write_file(unique_temp_path("trivcheck-bad") + ".json",
                   "{\"schema\": \"trivcheck.schedule/1\", \"name\": \"\xFF\"}");
    const CommandOutput run =
        run_trivcheck("check --format sarif " + holds + " " + wrong + " " + bad);
    CHECK(run.exit_code == 1);  // a violation comes before an unreadable file
    const nlohmann::json log = parsed(run.out);
    const nlohmann::json& results = log["runs"][0]["results"];
    REQUIRE(results.size() == 2);
    const std::string text = results.dump();
    CHECK(text.find(wrong) != std::string::npos);
    CHECK(text.find(bad) != std::string::npos);
    CHECK(text.find(replacement) != std::string::npos);  // the quoted byte
}

TEST_CASE("untrusted bytes: a file name that is not UTF-8 reaches mutate --json") {
    const std::string file =
        write_file(unique_temp_path("trivcheck-bad\xFF") + ".xml", two_gpu_allreduce_xml);
    const CommandOutput run = run_trivcheck("mutate '" + file + "' --json --sites 1");
    CHECK((run.exit_code == 0 || run.exit_code == 1));
    const nlohmann::json json = parsed(run.out);
    CHECK(json["file"].get<std::string>().find(replacement) != std::string::npos);
}

TEST_CASE("untrusted bytes: control bytes in a name or path are escaped in text output") {
    const std::string file = write_file(unique_temp_path("trivcheck-escape") + ".xml",
                                        pair_named("red\x1b[31m-bell\x07"));
    const CommandOutput text = run_trivcheck("check " + file);
    CHECK(text.exit_code == 0);
    CHECK(text.out.find("red\\x1b[31m-bell\\x07: allreduce") == 0);
    CHECK(text.out.find('\x1b') == std::string::npos);

    const std::string missing = unique_temp_path("trivcheck-\x1b[2J-missing") + ".json";
    const CommandOutput error = run_trivcheck_stderr("check '" + missing + "'");
    CHECK(error.exit_code == 3);
    CHECK(error.out.find('\x1b') == std::string::npos);
    CHECK(error.out.find("\\x1b[2J") != std::string::npos);
}
