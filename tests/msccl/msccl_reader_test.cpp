// The MSCCL-IR reader: a small valid program, and a table of malformed
// inputs with the exact error each must give.
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "checker/core/input_error.hpp"
#include "checker/formats/input_format.hpp"
#include "checker/msccl/asynchronous_check.hpp"
#include "checker/msccl_xml/msccl_xml_reader.hpp"
#include "models/generator.hpp"
#include "tests/msccl_test_support.hpp"

using namespace trivcheck;

namespace {

const std::string& two_gpu_allreduce = testing::two_gpu_allreduce_xml;

/// two_gpu_allreduce with the first occurrence of `from` replaced by `to`.
std::string edited(const std::string& from, const std::string& to) {
    std::string text = two_gpu_allreduce;
    const std::size_t at = text.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, "not in the base text: " << from);
    return text.replace(at, from.size(), to);
}

/// The error reading `text` gives, strictly (`--strict`) or as RCCL reads it.
std::string error_of(const std::string& text, bool strict = true) {
    try {
        parse_msccl_xml(text, "copy.xml", strict);
    } catch (const InputError& error) {
        return error.what();
    }
    return "(accepted)";
}

}  // namespace

TEST_CASE("msccl reader: a two-gpu allreduce is read and holds") {
    const msccl::Program program = parse_msccl_xml(two_gpu_allreduce, "pair.xml");
    CHECK(program.name == "pair");
    CHECK(program.gpu_count == 2);
    CHECK(program.out_of_place == true);
    REQUIRE(program.gpus.size() == 2);
    REQUIRE(program.gpus[1].thread_blocks.size() == 1);
    CHECK(program.gpus[1].thread_blocks[0].steps[1].type == msccl::StepType::receive_reduce_copy);
    const Report report = msccl::check_program(program);
    CHECK(report.verdict == Verdict::holds);
    CHECK(report.asynchronous->critical_path == 1);
    CHECK(report.asynchronous->fifo_depth_needed == 1);
}

/// Two gpus, reduce-scatter: gpu g ends with chunk g of the sum; `inplace`
/// puts it in input chunk g (o_chunks 0), else in output chunk 0.
std::string two_gpu_reduce_scatter(const std::string& spelling, bool in_place) {
    std::string text =
        "<algo name=\"rs\" proto=\"LL\" nchannels=\"1\" nchunksperloop=\"2\" "
        "ngpus=\"2\" coll=\"" +
        spelling + "\" inplace=\"" + (in_place ? "1" : "0") + "\">\n";
    for (int gpu = 0; gpu < 2; ++gpu) {
        const std::string other = std::to_string(1 - gpu);
        const std::string own = std::to_string(gpu);
        text += "<gpu id=\"" + own + "\" i_chunks=\"2\" o_chunks=\"" + (in_place ? "0" : "1") +
                "\" s_chunks=\"0\"><tb id=\"0\" send=\"" + other + "\" recv=\"" + other +
                "\" chan=\"0\">\n"
                "<step s=\"0\" type=\"s\" srcbuf=\"i\" srcoff=\"" +
                other +
                "\" dstbuf=\"i\" dstoff=\"0\" cnt=\"1\" depid=\"-1\" deps=\"-1\" hasdep=\"0\"/>\n"
                "<step s=\"1\" type=\"rrc\" srcbuf=\"i\" srcoff=\"" +
                own +
                "\" dstbuf=\"o\" dstoff=\"0\" cnt=\"1\" depid=\"-1\" deps=\"-1\" hasdep=\"0\"/>\n"
                "</tb></gpu>\n";
    }
    return text + "</algo>\n";
}

TEST_CASE("msccl reader: both spellings of reduce-scatter, in place and out of place") {
    for (const std::string spelling : {"reducescatter", "reduce_scatter"})
        for (const bool in_place : {false, true}) {
            CAPTURE(spelling);
            CAPTURE(in_place);
            const msccl::Program program =
                parse_msccl_xml(two_gpu_reduce_scatter(spelling, in_place), "rs.xml");
            CHECK(program.collective == msccl::Collective::reduce_scatter);
            CHECK(program.collective_spelling == spelling);
            const Report report = msccl::check_program(program);
            CHECK(report.verdict == Verdict::holds);
            CHECK(report.asynchronous->collective == "reduce_scatter");
        }
    // Sending the chunk the receiver does not own leaves it with the wrong one.
    std::string wrong = two_gpu_reduce_scatter("reducescatter", false);
    wrong.replace(wrong.find("srcoff=\"1\""), 10, "srcoff=\"0\"");
    const Report report = msccl::check_program(parse_msccl_xml(wrong, "rs.xml"));
    CHECK(report.verdict == Verdict::violated);
    CHECK(report.violation_counts.count(ViolationKind::unexpected_contribution) == 1);
    // An allreduce-shaped reduce-scatter is refused with the sizes it needs.
    const std::string text = edited(R"(coll="allreduce")", R"(coll="reduce_scatter")");
    CHECK(error_of(text) ==
          "copy.xml: gpu[0]@i_chunks: 1 input chunks, but reduce_scatter needs ngpus x output "
          "chunks = 2");
}

TEST_CASE("msccl reader: every collective RCCL runs is read; another is malformed, as in RCCL") {
    for (const std::string coll : {"broadcast", "reduce", "alltoallv", "send", "recv", "custom"}) {
        CAPTURE(coll);
        const msccl::Program program =
            parse_msccl_xml(edited(R"(coll="allreduce")", "coll=\"" + coll + "\""), "copy.xml");
        CHECK(program.collective_spelling == coll);
    }
    const std::string text = edited(R"(coll="allreduce")", R"(coll="allreducev")");
    CHECK_THROWS_WITH_AS(parse_msccl_xml(text, "copy.xml"),
                         "copy.xml: algo@coll: \"allreducev\" is not a collective (RCCL: "
                         "unsupported collective; expected allreduce, allgather, reducescatter, "
                         "alltoall, broadcast, reduce, gather, scatter, alltoallv, send, recv or "
                         "custom)",
                         InputError);
}

TEST_CASE("msccl reader: malformed inputs give their exact error") {
    // Each error is --strict's; the default reading gives the same one,
    // except where RCCL's parser reads the file (warned: msccl_lenient_reading_test.cpp).
    struct Case {
        std::string from;
        std::string to;
        std::string error;
        bool rccl_reads = false;
    };
    const std::vector<Case> cases = {
        {R"(dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
    </tb>)",
         R"(dstoff="5" cnt="1" depid="-1" deps="-1" hasdep="0"/>
    </tb>)",
         "copy.xml: gpu[0]/tb[0]/step[1]@dstoff: 5 is past o_chunks = 1"},
        {R"(srcoff="0" dstbuf="o" dstoff="0" cnt="1")",
         R"(srcoff="0" dstbuf="o" dstoff="0" cnt="2")",
         "copy.xml: gpu[0]/tb[0]/step[0]@srcoff: chunks 0..1 (cnt 2) run past i_chunks = 1"},
        {R"(srcoff="0")", R"(srcoff="-3")",
         "copy.xml: gpu[0]/tb[0]/step[0]@srcoff: -3 is out of range [-1, 16777216]"},
        // strtol reads "x1" as 0 (no digits): RCCL runs it, --strict refuses it.
        {R"(srcoff="0")", R"(srcoff="x1")",
         "copy.xml: gpu[0]/tb[0]/step[0]@srcoff: expected an integer, got \"x1\"", true},
        {R"(type="s")", R"(type="send")",
         "copy.xml: gpu[0]/tb[0]/step[0]@type: unknown step type \"send\" (expected s, r, rcs, "
         "rrs, rrc, rrcs, cpy, re, nop)"},
        {R"(srcbuf="i")", R"(srcbuf="x")",
         "copy.xml: gpu[0]/tb[0]/step[0]@srcbuf: unknown buffer \"x\" (expected i, o or s)"},
        {R"(<step s="1")", R"(<step s="2")",
         "copy.xml: gpu[0]/tb[0]/step[1]@s: 2, expected 1 (steps are numbered in file order)",
         true},
        {R"( hasdep="0"/>)", R"( hasdep="2"/>)",
         "copy.xml: gpu[0]/tb[0]/step[0]@hasdep: 2 is out of range [0, 1]"},
        {R"(depid="-1" deps="-1")", R"(depid="3" deps="0")",
         "copy.xml: gpu[0]/tb[0]/step[0]@depid: 3 names no thread block of gpu 0"},
        {R"(depid="-1" deps="-1")", R"(depid="0" deps="-1")",
         "copy.xml: gpu[0]/tb[0]/step[0]@deps: -1 names no step, but depid = 0 waits on one"},
        {R"( cnt="1" depid)", R"( depid)", "copy.xml: gpu[0]/tb[0]/step[0]: missing attribute cnt"},
        {R"( cnt="1" depid)", R"( cnt="1" colour="red" depid)",
         "copy.xml: gpu[0]/tb[0]/step[0]@colour: unknown attribute (expected s, type, srcbuf, "
         "srcoff, dstbuf, dstoff, cnt, depid, deps, hasdep)",
         true},
        {R"( cnt="1" depid)", R"( cnt="1" cnt="2" depid)",
         "copy.xml: gpu[0]/tb[0]/step[0]@cnt: given twice", true},
        {R"(<tb id="0" send="1")", R"(<tb id="0" send="-1")",
         "copy.xml: gpu[0]/tb[0]/step[0]@type: s sends, but its thread block has send=\"-1\""},
        {R"(recv="1" chan="0")", R"(recv="-1" chan="0")",
         "copy.xml: gpu[0]/tb[0]/step[1]@type: rrc receives, but its thread block has "
         "recv=\"-1\""},
        {R"(send="1" recv="1")", R"(send="0" recv="1")",
         "copy.xml: gpu[0]/tb[0]@send: gpu 0 cannot be its own peer"},
        {R"(recv="1" chan="0")", R"(recv="1" chan="1")",
         "copy.xml: gpu[0]/tb[0]@chan: 1 is out of range [0, 0]"},
        {R"(<gpu id="1")", R"(<gpu id="0")", "copy.xml: gpu[1]@id: 0 is also the id of gpu[0]"},
        {R"(ngpus="2")", R"(ngpus="3")",
         "copy.xml: algo@ngpus: no <gpu id=\"2\"> although ngpus = 3"},
        {R"(proto="Simple")", R"(proto="Fast")",
         "copy.xml: algo@proto: unknown protocol \"Fast\" (expected Simple, LL or LL128)"},
        {R"( o_chunks="1")", R"( o_chunks="2")",
         "copy.xml: gpu[0]@o_chunks: 2 output chunks, but allreduce needs as many as input "
         "chunks (1)"},
        {R"(minBytes="0")", R"(minBytes="4096")",
         "copy.xml: algo@maxBytes: 1024 is below minBytes = 4096", true},
        {R"(</tb>)", R"(</tb><extra/>)",
         "copy.xml: gpu[0]: unexpected element <extra> (expected <tb>)", true},
        {R"(<algo name)", R"(<algorithm name)",
         "copy.xml:15:3: malformed XML: Start-end tags mismatch"},
        {R"(</algo>)", R"(</algo><algo/>)",
         "copy.xml: expected one root element <algo>, found <algo>"},
        {R"(hasdep="0"/>)", R"(hasdep="0">)",
         "copy.xml:7:7: malformed XML: Start-end tags mismatch"},
        // Text after the root was skipped, a NUL byte's too (issue 32, item 7).
        {"</algo>\n", "</algo>\ntrailing\n",
         "copy.xml:16:1: unexpected text after </algo>; RCCL: XML parse error, expecting '<'"},
        {"</algo>\n", std::string("</algo>\0junk\n", 12),
         "copy.xml:15:8: unexpected text after </algo>; RCCL: XML parse error, expecting '<'"},
    };
    for (const Case& entry : cases) {
        CAPTURE(entry.to);
        CHECK(error_of(edited(entry.from, entry.to)) == entry.error);
        CHECK(error_of(edited(entry.from, entry.to), false) ==
              (entry.rccl_reads ? "(accepted)" : entry.error));
    }
}

TEST_CASE("msccl reader: a collective of no chunks is refused, whatever the collective") {
    // Before: all-reduce and all-to-all with i_chunks="0" and no steps held,
    // all-gather was refused for "0 output chunks, but ... needs ... = 0".
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"allreduce", "gpu[0]@i_chunks: 0 input chunks, but allreduce needs at least one per gpu"},
        {"alltoall", "gpu[0]@i_chunks: 0 input chunks, but alltoall needs at least one per gpu"},
        {"allgather", "gpu[0]@i_chunks: 0 input chunks, but allgather needs at least one per gpu"},
        {"reduce_scatter",
         "gpu[0]@o_chunks: 0 output chunks, but reduce_scatter needs at least one per gpu"},
    };
    for (const auto& [collective, error] : cases) {
        CAPTURE(collective);
        const std::string text =
            R"(<algo name="none" proto="Simple" nchannels="1" nchunksperloop="0" ngpus="2" coll=")" +
            collective + R"(" inplace="0" outofplace="1">
  <gpu id="0" i_chunks="0" o_chunks="0" s_chunks="0">
  </gpu>
  <gpu id="1" i_chunks="0" o_chunks="0" s_chunks="0">
  </gpu>
</algo>
)";
        CHECK(error_of(text) == "copy.xml: " + error);
        CHECK(error_of(text, false) == "copy.xml: " + error);
    }
}

TEST_CASE("msccl reader: files are told apart by content") {
    CHECK(looks_like_msccl_xml(two_gpu_allreduce));
    CHECK(looks_like_msccl_xml("<?xml version=\"1.0\"?>\n<algo ngpus=\"1\">"));
    CHECK_FALSE(looks_like_msccl_xml("{\"schema\": \"trivcheck.schedule/1\"}"));
    CHECK_FALSE(looks_like_msccl_xml("<algorithm>"));
    CHECK_FALSE(looks_like_msccl_xml("<!-- never closed"));
}
