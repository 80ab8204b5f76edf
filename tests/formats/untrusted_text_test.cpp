// Text taken from the user's files made safe for where it goes: XML
// (checker/formats/xml_text.hpp), a terminal (terminal_text.hpp) and JSON
// (json_text.hpp). Tables of {input, exact output}.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "checker/formats/json_text.hpp"
#include "checker/formats/terminal_text.hpp"
#include "checker/formats/xml_text.hpp"
#include "checker/reports/junit_xml.hpp"

using namespace trivcheck;

namespace {

struct Conversion {
    std::string input;
    std::string expected;
};

const std::string bad = "\xEF\xBF\xBD";  // U+FFFD

}  // namespace

TEST_CASE("xml_text: valid UTF-8 kept, each bad byte and forbidden control U+FFFD") {
    const std::vector<Conversion> table = {
        {"ring-8", "ring-8"},
        {"caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80", "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"},
        {"tab\tline\ncr\r", "tab\tline\ncr\r"},
        {"ring-\xE9\xFF", "ring-" + bad + bad},
        {"\x80", bad},                                // a stray continuation byte
        {"\xC0\xAF", bad + bad},                      // an overlong '/'
        {"\xED\xA0\x80", bad + bad + bad},            // a surrogate
        {"\xF4\x90\x80\x80", bad + bad + bad + bad},  // past U+10FFFF
        {"\xE2\x82", bad + bad},                      // cut short
        {std::string("nul\0esc\x1b", 8), "nul" + bad + "esc" + bad},
    };
    for (const Conversion& row : table) {
        CAPTURE(row.input);
        CHECK(xml_text(row.input) == row.expected);
    }
}

TEST_CASE("terminal_text: control bytes but newline and tab escaped, idempotent") {
    const std::vector<Conversion> table = {
        {"ring-8: holds\n", "ring-8: holds\n"},
        {"a\x1b[31mb", "a\\x1b[31mb"},
        {"bell\x07 del\x7f cr\r", "bell\\x07 del\\x7f cr\\x0d"},
        {std::string("nul\0", 4), "nul\\x00"},
        {"caf\xC3\xA9\t\xFF", "caf\xC3\xA9\t\xFF"},  // bytes above 0x7f are not controls
    };
    for (const Conversion& row : table) {
        CAPTURE(row.input);
        CHECK(terminal_text(row.input) == row.expected);
        CHECK(terminal_text(terminal_text(row.input)) == row.expected);
    }
}

TEST_CASE("json_text: a string that is not UTF-8 is dumped with U+FFFD, never thrown") {
    const nlohmann::json value = {{"name", "ring-\xE9\xFF"}};
    CHECK_THROWS(value.dump());  // what nlohmann does on its own
    CHECK(json_text(value) == "{\"name\":\"ring-" + bad + bad + "\"}");
    CHECK(json_text(nlohmann::ordered_json{{"a", 1}}, 2) == "{\n  \"a\": 1\n}");
}

TEST_CASE("junit_xml: names and messages that are not UTF-8 are replaced") {
    JunitCase test;
    test.class_name = "ring\xFF.L";
    test.name = "n=4";
    test.outcome = JunitCase::Outcome::failed;
    test.message = "esc\x1b";
    const std::string xml = junit_xml("suite", {test});
    CHECK(xml.find("classname=\"ring" + bad + ".L\"") != std::string::npos);
    CHECK(xml.find("message=\"esc" + bad + "\"") != std::string::npos);
}
