// Reading MSCCL-IR as RCCL's parser reads it (docs/msccl.md, Reading): what
// RCCL ignores is a warning, not a refusal; `strict` refuses it, as a lint.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "checker/core/input_error.hpp"
#include "checker/msccl/asynchronous_check.hpp"
#include "checker/msccl_xml/msccl_xml_reader.hpp"
#include "tests/msccl_test_support.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

/// A ring all-reduce on `gpus` gpus, one chunk each, one thread block per gpu,
/// in place, shaped as RCCL's tools/msccl-unit-test-algorithms/all-reduce-ring-*.xml
/// are (s, rrs..., rrcs, rcs..., r), with their two extra <algo> attributes
/// `maxcount` and `nthreadblocks` and `maxBytes="0"`.
std::string rccl_style_ring(int gpus, const std::string& protocol) {
    std::string text =
        "<!-- written for this test, after RCCL's unit-test rings -->\n"
        "<algo name=\"allreduce_ring\" proto=\"" +
        protocol + "\" nchannels=\"1\" nchunksperloop=\"" + std::to_string(gpus) + "\" ngpus=\"" +
        std::to_string(gpus) +
        "\" coll=\"allreduce\" inplace=\"1\" outofplace=\"1\" maxcount=\"1\" "
        "nthreadblocks=\"1\" minBytes=\"0\" maxBytes=\"0\">\n";
    auto step = [](int s, const char* type, int chunk) {
        const std::string offset = std::to_string(chunk);
        return "      <step s=\"" + std::to_string(s) + "\" type=\"" + type +
               "\" srcbuf=\"i\" srcoff=\"" + offset + "\" dstbuf=\"o\" dstoff=\"" + offset +
               "\" cnt=\"1\" depid=\"-1\" deps=\"-1\" hasdep=\"0\"/>\n";
    };
    for (int gpu = 0; gpu < gpus; ++gpu) {
        const int next = (gpu + 1) % gpus;
        const int previous = (gpu + gpus - 1) % gpus;
        auto chunk = [&](int back) { return ((gpu - back) % gpus + gpus) % gpus; };
        text += "  <gpu id=\"" + std::to_string(gpu) + "\" i_chunks=\"" + std::to_string(gpus) +
                "\" o_chunks=\"" + std::to_string(gpus) + "\" s_chunks=\"0\">\n" +
                "    <tb id=\"0\" send=\"" + std::to_string(next) + "\" recv=\"" +
                std::to_string(previous) + "\" chan=\"0\">\n";
        int s = 0;
        text += step(s++, "s", gpu);
        for (int back = 1; back <= gpus - 2; ++back) text += step(s++, "rrs", chunk(back));
        text += step(s++, "rrcs", chunk(gpus - 1));
        for (int back = 0; back <= gpus - 3; ++back) text += step(s++, "rcs", chunk(back));
        text += step(s++, "r", chunk(gpus - 2));
        text += "    </tb>\n  </gpu>\n";
    }
    return text + "</algo>\n";
}

/// Two gpus, out of place: each receives the other's chunk into scratch,
/// copies its own input to the output and adds the scratch chunk to it
/// (step 3, `re`); `reduce_steps` such steps, all written with s="3".
std::string two_gpu_local_reduce(int reduce_steps) {
    std::string text =
        "<algo name=\"local\" proto=\"Simple\" nchannels=\"1\" nchunksperloop=\"2\" ngpus=\"2\" "
        "coll=\"allreduce\" inplace=\"0\" outofplace=\"1\" minBytes=\"0\" maxBytes=\"0\">\n";
    for (int gpu = 0; gpu < 2; ++gpu) {
        const std::string other = std::to_string(1 - gpu);
        text += "<gpu id=\"" + std::to_string(gpu) +
                "\" i_chunks=\"1\" o_chunks=\"1\" s_chunks=\"1\">\n<tb id=\"0\" send=\"" + other +
                "\" recv=\"" + other +
                "\" chan=\"0\">\n"
                "<step s=\"0\" type=\"s\" srcbuf=\"i\" srcoff=\"0\" dstbuf=\"s\" dstoff=\"0\" "
                "cnt=\"1\" depid=\"-1\" deps=\"-1\" hasdep=\"0\"/>\n"
                "<step s=\"1\" type=\"r\" srcbuf=\"i\" srcoff=\"0\" dstbuf=\"s\" dstoff=\"0\" "
                "cnt=\"1\" depid=\"-1\" deps=\"-1\" hasdep=\"0\"/>\n"
                "<step s=\"2\" type=\"cpy\" srcbuf=\"i\" srcoff=\"0\" dstbuf=\"o\" dstoff=\"0\" "
                "cnt=\"1\" depid=\"-1\" deps=\"-1\" hasdep=\"0\"/>\n";
        for (int copy = 0; copy < reduce_steps; ++copy)
            text +=
                "<step s=\"3\" type=\"re\" srcbuf=\"s\" srcoff=\"0\" dstbuf=\"o\" dstoff=\"0\" "
                "cnt=\"1\" depid=\"-1\" deps=\"-1\" hasdep=\"0\"/>\n";
        text += "</tb>\n</gpu>\n";
    }
    return text + "</algo>\n";
}

/// `text` with the first occurrence of `from` replaced by `to`.
std::string first_replaced(std::string text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, "not found: " << from);
    return text.replace(at, from.size(), to);
}

std::string strict_error_of(const std::string& text, const std::string& label) {
    try {
        parse_msccl_xml(text, label, /*strict=*/true);
    } catch (const InputError& error) {
        return error.what();
    }
    return "(accepted)";
}

}  // namespace

TEST_CASE("msccl lenient reading: RCCL-style ring files hold with one warning each") {
    struct Case {
        std::string protocol;
        int gpus;
    };
    // One per RCCL unit-test file: ll, ll128, simple.
    const std::vector<Case> cases = {{"LL", 4}, {"LL128", 5}, {"Simple", 3}};
    for (const Case& entry : cases) {
        CAPTURE(entry.protocol);
        const std::string text = rccl_style_ring(entry.gpus, entry.protocol);
        const msccl::Program program = parse_msccl_xml(text, "ring.xml");
        CHECK(program.max_bytes == 0);
        REQUIRE(program.warnings.size() == 1);
        CHECK(program.warnings[0] ==
              "ring.xml: algo: ignored attributes maxcount, nthreadblocks of <algo> (RCCL's "
              "parser reads only the attributes it needs)");
        const Report report = msccl::check_program(program);
        CHECK(report.verdict == Verdict::holds);
        CHECK(strict_error_of(text, "ring.xml") ==
              "ring.xml: algo@maxcount: unknown attribute (expected name, proto, nchannels, "
              "nchunksperloop, ngpus, coll, inplace, outofplace, minBytes, maxBytes)");
    }
}

TEST_CASE("msccl lenient reading: a duplicated reducing step is judged, not refused") {
    const msccl::Program once = parse_msccl_xml(two_gpu_local_reduce(1), "local.xml");
    CHECK(once.warnings.empty());
    CHECK(msccl::check_program(once).verdict == Verdict::holds);

    const std::string twice = two_gpu_local_reduce(2);
    const msccl::Program program = parse_msccl_xml(twice, "local.xml");
    REQUIRE(program.warnings.size() == 1);
    CHECK(program.warnings[0] ==
          "local.xml: gpu[0]/tb[0]/step[4]: s = 3, expected 4 (steps are numbered in file "
          "order); out of order or repeated, it is read as RCCL reads it: the step runs at its "
          "place in the file, as step 4, and deps count it there (and 1 more elements like it)");
    // Steps run in file order: the second `re` adds the other gpu's chunk again.
    CHECK(program.gpus[0].thread_blocks[0].steps.size() == 5);
    CHECK(program.gpus[0].thread_blocks[0].steps[4].index == 4);
    const Report report = msccl::check_program(program);
    CHECK(report.verdict == Verdict::violated);
    CHECK(report.violation_counts.count(ViolationKind::double_count) == 1);
    CHECK(strict_error_of(twice, "local.xml") ==
          "local.xml: gpu[0]/tb[0]/step[4]@s: 3, expected 4 (steps are numbered in file order)");
}

TEST_CASE("msccl lenient reading: what RCCL ignores is a warning, what it refuses an error") {
    struct Case {
        std::string from;
        std::string to;
        std::string warning;  // in the default reading; strict refuses it
    };
    const std::string& base = two_gpu_allreduce_xml;
    const std::vector<Case> cases = {
        // The TACCL/TE-CCL dialect: `redop` on steps, <copy> elements.
        {R"(<step s="0" type="s" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>)",
         R"(<step s="0" type="s" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0" redop="sum"/>)",
         "copy.xml: gpu[0]/tb[0]/step[0]: ignored attribute redop of <step> (RCCL's parser "
         "reads only the attributes it needs)"},
        {R"(</tb>)", R"(</tb><copy src="0" dst="1"/>)",
         "copy.xml: gpu[0]: ignored element <copy> inside <gpu> (RCCL's parser skips elements it "
         "does not read)"},
        {R"(hasdep="0"/>)", R"(hasdep="0"><note/></step>)",
         "copy.xml: gpu[0]/tb[0]/step[0]: ignored element <note> inside <step> (RCCL's parser "
         "skips elements it does not read)"},
        {R"( cnt="1" depid)", R"( cnt="1" cnt="2" depid)",
         "copy.xml: gpu[0]/tb[0]/step[0]: ignored attribute cnt (given twice; the first kept) of "
         "<step> (RCCL's parser reads only the attributes it needs)"},
        {R"(minBytes="0")", R"(minBytes="4096")",
         "copy.xml: algo: maxBytes 1024 is below minBytes = 4096: RCCL never selects this "
         "program"},
    };
    for (const Case& entry : cases) {
        CAPTURE(entry.to);
        const std::string text = first_replaced(base, entry.from, entry.to);
        const msccl::Program program = parse_msccl_xml(text, "copy.xml");
        REQUIRE(program.warnings.size() == 1);
        CHECK(program.warnings[0] == entry.warning);
        CHECK(msccl::check_program(program).verdict == Verdict::holds);
        CHECK(strict_error_of(text, "copy.xml") != "(accepted)");
    }
    // maxBytes="0" is no upper bound, in either reading.
    const std::string unbounded =
        replace_once(replace_once(base, R"(minBytes="0")", R"(minBytes="4096")"),
                     R"(maxBytes="1024")", R"(maxBytes="0")");
    CHECK(parse_msccl_xml(unbounded, "copy.xml").warnings.empty());
    CHECK(strict_error_of(unbounded, "copy.xml") == "(accepted)");
    // Text where RCCL's parser expects '<' is refused, naming its rule.
    const std::string text_in_step = first_replaced(base, R"(hasdep="0"/>
    </tb>)",
                                                    R"(hasdep="0">sum</step>
    </tb>)");
    CHECK_THROWS_WITH_AS(parse_msccl_xml(text_in_step, "copy.xml"),
                         "copy.xml: gpu[0]/tb[0]/step[1]: unexpected text (expected nothing "
                         "inside <step>); RCCL: XML parse error, expecting '<'",
                         InputError);
}

TEST_CASE("msccl lenient reading: check warns on stderr and in the JSON report; --strict refuses") {
    const std::string path = unique_temp_path("trivcheck-msccl-lenient") + ".xml";
    std::ofstream(path) << rccl_style_ring(4, "LL");
    const CommandOutput text = run_trivcheck_with_errors("check " + path);
    CHECK(text.exit_code == 0);
    CHECK(text.out.find("warning: " + path +
                        ": algo: ignored attributes maxcount, nthreadblocks") == 0);
    CHECK(text.out.find("verdict: holds") != std::string::npos);
    const CommandOutput json = run_trivcheck("check --json " + path);
    CHECK(json.exit_code == 0);
    CHECK(json.out.find("\"warnings\": [\n    \"" + path +
                        ": algo: ignored attributes maxcount, nthreadblocks") != std::string::npos);
    const CommandOutput strict = run_trivcheck_with_errors("check --strict " + path);
    CHECK(strict.exit_code == 3);
    CHECK(strict.out.find("algo@maxcount: unknown attribute") != std::string::npos);
    std::filesystem::remove(path);
}

TEST_CASE("msccl lenient reading: numbers as RCCL lexes them, strtol base 0") {
    // RCCL reads every integer attribute with strtol(str, NULL, 0) (mscclXmlGetAttrInt):
    // "010" is 8 and "0x10" is 16. Read so, with a warning; --strict refuses such a file.
    const std::string text = runtime_program_text("fused-re-counts-fixed.xml");
    const std::string octal = replace_once(text, R"(s_chunks="4">
    <tb id="0" send="1")",
                                           R"(s_chunks="04">
    <tb id="0" send="1")");
    CHECK(parse_msccl_xml(octal, "copy.xml").warnings.empty());  // "04" is 4 either way
    const std::string hex = replace_once(text, R"(s_chunks="4">
    <tb id="0" send="1")",
                                         R"(s_chunks="0x4">
    <tb id="0" send="1")");
    const msccl::Program program = parse_msccl_xml(hex, "copy.xml");
    CHECK(program.gpus[0].scratch_chunks == 4);
    REQUIRE(program.warnings.size() == 1);
    CHECK(program.warnings.front() ==
          "copy.xml: gpu[0]: s_chunks: \"0x4\" is 4 as RCCL reads it (strtol base 0: a leading 0 "
          "is octal, 0x hexadecimal, reading stops at the first character that is not a digit; "
          "mscclXmlGetAttrInt, msccl_parser.h)");
    CHECK(strict_error_of(hex, "copy.xml") ==
          "copy.xml: gpu[0]@s_chunks: \"0x4\" is 4 as RCCL reads it (strtol base 0: a leading 0 "
          "is octal, 0x hexadecimal, reading stops at the first character that is not a digit; "
          "mscclXmlGetAttrInt, msccl_parser.h); --strict refuses a number read so");
    // "010" is 8, not 10 (the steps use s[0..4): still within).
    const std::string eight = replace_once(text, R"(s_chunks="4">
    <tb id="0" send="1")",
                                           R"(s_chunks="010">
    <tb id="0" send="1")");
    CHECK(parse_msccl_xml(eight, "copy.xml").gpus[0].scratch_chunks == 8);
    // strtol stops at the first character that is not a digit: "4abc" is 4,
    // " 4" is 4; --strict refuses both.
    for (const char* written : {"4abc", " 4", "+4"}) {
        CAPTURE(written);
        const std::string trailing = replace_once(text, R"(s_chunks="4">
    <tb id="0" send="1")",
                                                  std::string("s_chunks=\"") + written + R"(">
    <tb id="0" send="1")");
        const msccl::Program read = parse_msccl_xml(trailing, "copy.xml");
        CHECK(read.gpus[0].scratch_chunks == 4);
        CHECK(read.warnings.size() == 1);
        CHECK(strict_error_of(trailing, "copy.xml") ==
              "copy.xml: gpu[0]@s_chunks: expected an integer, got \"" + std::string(written) +
                  "\"");
    }
}

TEST_CASE("msccl lenient reading: cnt=\"0\" is read as RCCL reads it, a step that moves nothing") {
    // RCCL's parser refuses only a negative cnt; the kernel makes no call for 0.
    std::string text = runtime_program_text("fifo-three-sends-fixed.xml");
    text = replace_once(
        text, R"(<step s="1" type="s" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="1")",
        R"(<step s="1" type="s" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="0")");
    text = replace_once(
        text, R"(<step s="2" type="r" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="1")",
        R"(<step s="2" type="r" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="0")");
    const msccl::Program program = parse_msccl_xml(text, "copy.xml");
    REQUIRE(program.warnings.size() == 1);  // one line a kind of warning
    CHECK(program.warnings.front() ==
          "copy.xml: gpu[0]/tb[0]/step[1]: cnt = 0: the step moves nothing (mscclRunInterpreter "
          "makes no call for it; RCCL's parser refuses only a negative cnt); --strict refuses it "
          "(and 1 more elements like it)");
    CHECK(strict_error_of(text, "copy.xml") ==
          "copy.xml: gpu[0]/tb[0]/step[1]@cnt: 0 is out of range [1, 16777216]");
    // Gpu 0's chunk 0 never reaches gpu 1: missing there, under every runtime, and no hang.
    for (const msccl::Runtime runtime :
         {msccl::Runtime::none, msccl::Runtime::rccl, msccl::Runtime::msccl}) {
        const Report report = check_msccl_text(text, runtime);
        CHECK(report.verdict == Verdict::violated);
        CHECK(report.violation_counts.size() == 1);
        CHECK(report.violation_counts.count(ViolationKind::missing) == 1);
    }
}
