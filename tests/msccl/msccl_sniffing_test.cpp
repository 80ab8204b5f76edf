// A file named neither .xml nor .json is MSCCL-IR when its first element is
// <algo>, also after a byte order mark or a DOCTYPE (which XML allows there).
// Before, either made the file JSON: "malformed JSON" at line 1.
#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "checker/formats/msccl_xml_reader.hpp"
#include "tests/msccl_test_support.hpp"
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
