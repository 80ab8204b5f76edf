// A file named neither .xml nor .json is MSCCL-IR when its first element is
// <algo>, also after a byte order mark or a DOCTYPE (which XML allows there).
// Before, either made the file JSON: "malformed JSON" at line 1.
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "checker/formats/input_format.hpp"
#include "checker/msccl_xml/msccl_xml_reader.hpp"
#include "tests/msccl_test_support.hpp"
#include "tests/required_inputs.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

TEST_CASE("msccl sniffing: a byte order mark or a DOCTYPE before <algo> is MSCCL-IR") {
    const std::string bom = "\xEF\xBB\xBF";
    const std::string doctype = "<!DOCTYPE algo>\n";
    const std::string doctype_subset = "<!DOCTYPE algo [ <!ELEMENT algo ANY> ]>\n";
    for (const std::string& prefix : {bom, doctype, doctype_subset, bom + doctype}) {
        CAPTURE(prefix);
        const std::string text = prefix + two_gpu_allreduce_xml;
        CHECK(looks_like_msccl_xml(text));
        const std::string path = unique_temp_path("trivcheck-sniff") + ".txt";
        std::ofstream(path, std::ios::binary) << text;
        const CommandOutput run = run_trivcheck("check " + path);
        CHECK(run.exit_code == 0);
        CHECK(run.out.find("pair: allreduce (MSCCL-IR, Simple), 2 gpus") == 0);
    }
    CHECK_FALSE(looks_like_msccl_xml(bom + "{\"schema\": \"trivcheck.schedule/1\"}"));
    CHECK_FALSE(looks_like_msccl_xml("<!DOCTYPE algo"));
    CHECK_FALSE(looks_like_msccl_xml("<!DOCTYPE html>\n<html>"));
}

TEST_CASE("input_format: the name decides where it says, else the content") {
    CHECK(input_format_by_name("a.xml") == InputFormat::msccl_xml);
    CHECK(input_format_by_name("a.json") == InputFormat::schedule_json);
    CHECK_FALSE(input_format_by_name("a.txt").has_value());
    CHECK(input_format("a.txt", two_gpu_allreduce_xml) == InputFormat::msccl_xml);
    CHECK(input_format("a.txt", "{\"schema\": \"trivcheck.schedule/1\"}") ==
          InputFormat::schedule_json);
    // The name wins: a .json file is read as a schedule whatever it holds.
    CHECK(input_format("a.json", two_gpu_allreduce_xml) == InputFormat::schedule_json);
}

TEST_CASE("draw, shrink and mutate tell an MSCCL-IR file by its content, as check does") {
    const std::string path = unique_temp_path("trivcheck-sniff-commands") + ".txt";
    std::ofstream(path, std::ios::binary) << two_gpu_allreduce_xml;
    const CommandOutput drawn = run_trivcheck("draw " + path);
    CHECK(drawn.exit_code == 0);
    CHECK(drawn.out.find("pair: timeline") != std::string::npos);
    const CommandOutput shrunk = run_trivcheck("shrink " + path);
    CHECK(shrunk.exit_code == 0);
    CHECK(shrunk.out == "pair holds: nothing to shrink\n");
    const CommandOutput mutated = run_trivcheck_with_errors("mutate " + path + " --sites 1");
    CHECK(mutated.exit_code != 3);
    CHECK(mutated.out.find("malformed") == std::string::npos);
}

TEST_CASE("mutate FILE refuses a schedule file, naming what it takes (exit 2)") {
    const CommandOutput run =
        run_trivcheck_with_errors("mutate " + source_path("tests/cases/direct-3-holds.json"));
    CHECK(run.exit_code == 2);
    CHECK(run.out.find("mutate FILE takes an MSCCL-IR program or an MSCCL++ plan") !=
          std::string::npos);
}

TEST_CASE("mutate PLAN.json: every broken-copy operator on an MSCCL++ plan, caught by its kind" *
          skip_unless_exists(shared_path("corpus/mscclpp"))) {
    const std::string plan = shared_path("corpus/mscclpp/single_node_allreduce_g4.json");
    const CommandOutput run = run_trivcheck("mutate " + plan + " --sites 2 --json");
    const nlohmann::json json = nlohmann::json::parse(run.out);
    // The four broken-copy operators and the four kernel ones (drop_nop, port_signal_to_memory,
    // drop_flush, swap_get_indexes).
    REQUIRE(json["operators"].size() == 8);
    std::map<std::string, nlohmann::json> by_name;
    for (const nlohmann::json& entry : json["operators"]) by_name[entry["name"]] = entry;
    // This plan has waits and publishing signals: those mutants are made and caught.
    CHECK(by_name["drop_wait"]["made"] == 2);
    CHECK(by_name["drop_wait"]["caught"] == 2);
    CHECK(by_name["relax_signal"]["made"] == 2);
    CHECK(by_name["relax_signal"]["kinds"]["stale_read"] == 2);
    CHECK(by_name["drop_nop"]["made"] == 2);
    CHECK(by_name["drop_nop"]["caught"] == 2);
    CHECK(by_name["drop_flush"]["made"] == 0);  // no flush with outputs in this plan
    CHECK(run.exit_code == (json["score"] == 1.0 ? 0 : 1));
}
