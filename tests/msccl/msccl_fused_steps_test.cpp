// Fused receive steps: an in-place rrc that adds a received message of
// several chunks to the chunks it stores into runs as the reduction it is,
// and the exporter receives every message of a ring, recursive doubling,
// Swing, Trivance at a power of 3 and Bruck with one such step (no landing
// chunks, no local copy or reduction).
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "checker/lowering/msccl_lowering.hpp"
#include "checker/msccl/asynchronous_check.hpp"
#include "checker/msccl_xml/msccl_xml_reader.hpp"
#include "models/generator.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

/// Two gpus, in place, two chunks each: each sends both chunks in one
/// message (cnt 2) and adds the other's to its own with one rrc.
const std::string in_place_pair =
    R"(<algo name="pair" proto="Simple" nchannels="1" nchunksperloop="2" ngpus="2" coll="allreduce" inplace="1" outofplace="0">
  <gpu id="0" i_chunks="2" o_chunks="0" s_chunks="0">
    <tb id="0" send="1" recv="-1" chan="0">
      <step s="0" type="s" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0" cnt="2" depid="-1" deps="-1" hasdep="1"/>
    </tb>
    <tb id="1" send="-1" recv="1" chan="0">
      <step s="0" type="rrc" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0" cnt="2" depid="0" deps="0" hasdep="0"/>
    </tb>
  </gpu>
  <gpu id="1" i_chunks="2" o_chunks="0" s_chunks="0">
    <tb id="0" send="0" recv="-1" chan="0">
      <step s="0" type="s" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0" cnt="2" depid="-1" deps="-1" hasdep="1"/>
    </tb>
    <tb id="1" send="-1" recv="0" chan="0">
      <step s="0" type="rrc" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0" cnt="2" depid="0" deps="0" hasdep="0"/>
    </tb>
  </gpu>
</algo>
)";

std::string with_every(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + 1))
        text.replace(at, from.size(), to);
    return text;
}

std::set<std::string> kinds_of(const std::string& text) {
    const Report report = msccl::check_program(parse_msccl_xml(text, "pair.xml"));
    std::set<std::string> kinds;
    for (const Violation& violation : report.violations)
        kinds.insert(std::string(to_string(violation.kind)));
    return kinds;
}

}  // namespace

TEST_CASE("msccl fused steps: an in-place rrc of two chunks adds the message to what it stores") {
    const Report report = msccl::check_program(parse_msccl_xml(in_place_pair, "pair.xml"));
    CHECK(report.verdict == Verdict::holds);
    REQUIRE(report.asynchronous.has_value());
    CHECK(report.asynchronous->critical_path == 1);
    // As a plain receive the own contributions are overwritten: both chunks miss them.
    CHECK(kinds_of(with_every(in_place_pair, R"(type="rrc")", R"(type="r")")) ==
          std::set<std::string>{"missing"});
    // Without its wait the rrc writes what the send of its own gpu reads: a race.
    CHECK(kinds_of(with_every(in_place_pair, R"(cnt="2" depid="0" deps="0")",
                              R"(cnt="2" depid="-1" deps="-1")"))
              .count("race") == 1);
    // Receiving one chunk of a two-chunk message.
    CHECK(kinds_of(with_every(in_place_pair,
                              R"(type="rrc" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0" cnt="2")",
                              R"(type="rrc" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0" cnt="1")"))
              .count("count_mismatch") == 1);
}

TEST_CASE("msccl fused steps: exported schedules receive each message in one step") {
    // Recursive doubling, Swing and Trivance send blocks that are apart; the
    // export puts the blocks of each message next to each other (chunk_order).
    for (const auto& [algo, n] : {std::pair<const char*, int>{"ring", 8},
                                  {"recursive_doubling", 16},
                                  {"swing", 8},
                                  {"trivance", 27},
                                  {"bruck", 9}}) {
        CAPTURE(algo);
        const msccl::Program program = msccl::lower_to_msccl(ring_schedule(algo, Form::B, n));
        int sending = 0;
        int receiving = 0;
        int local = 0;
        for (const msccl::Gpu& gpu : program.gpus) {
            CHECK(gpu.scratch_chunks == 0);
            for (const msccl::ThreadBlock& block : gpu.thread_blocks)
                for (const msccl::Step& step : block.steps) {
                    if (msccl::step_sends(step.type)) ++sending;
                    if (msccl::step_receives(step.type)) ++receiving;
                    if (step.type == msccl::StepType::copy || step.type == msccl::StepType::reduce)
                        ++local;
                }
        }
        CHECK(sending > 0);
        CHECK(receiving == sending);
        CHECK(local == 0);
    }
}

TEST_CASE("msccl fused steps: an exported ring is MSCCLang's ring, one step per message") {
    // Per direction and gpu: s, then rrcs (receive, add, store, send on) through
    // the reduce-scatter, rcs (receive, store, send on) through the allgather, r.
    const msccl::Program program = msccl::lower_to_msccl(ring_schedule("ring", Form::B, 5));
    for (const msccl::Gpu& gpu : program.gpus) {
        CHECK(gpu.thread_blocks.size() == 2);
        for (const msccl::ThreadBlock& block : gpu.thread_blocks) {
            CHECK(block.send_peer >= 0);
            CHECK(block.receive_peer >= 0);
            std::string types;
            for (const msccl::Step& step : block.steps) {
                types += msccl::spelling(step.type);
                types += " ";
                CHECK(step.depends_on_block == -1);
            }
            CHECK(types == "s rrcs rrcs rrcs rrcs rcs rcs rcs r ");
        }
    }
    const Report report = msccl::check_program(program);
    CHECK(report.verdict == Verdict::holds);
    REQUIRE(report.asynchronous.has_value());
    CHECK(report.asynchronous->critical_path == 8);
}
