// Happens-before with clocks per gpu (checker/msccl/happens_before):
// order between two thread blocks of one gpu that only a chain of messages
// through other gpus gives is still seen, and a race is still found when one
// link of that chain, or of the order before it, is missing.
#include <doctest/doctest.h>

#include <string>

#include "tests/msccl_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

/// Three gpus. On gpu 0, tb 0 writes s[0] and signals; tb 1 waits for it and
/// sends to gpu 1; gpu 1 receives (tb 0) and, after a wait, forwards (tb 1) to
/// gpu 2, which forwards to gpu 0 (rcs); there tb 2 receives it and then reads
/// s[0]. The write is ordered before the read only through that chain.
const std::string chain =
    R"(<algo name="chain" proto="Simple" nchannels="1" nchunksperloop="3" ngpus="3" coll="allreduce" inplace="0">
  <gpu id="0" i_chunks="1" o_chunks="1" s_chunks="2">
    <tb id="0" send="-1" recv="-1" chan="0">
      <step s="0" type="cpy" srcbuf="i" srcoff="0" dstbuf="s" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="1"/>
    </tb>
    <tb id="1" send="1" recv="-1" chan="0">
      <step s="0" type="s" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="0" deps="0" hasdep="0"/>
    </tb>
    <tb id="2" send="-1" recv="2" chan="0">
      <step s="0" type="r" srcbuf="i" srcoff="0" dstbuf="s" dstoff="1" cnt="1" depid="-1" deps="-1" hasdep="0"/>
      <step s="1" type="cpy" srcbuf="s" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
    </tb>
  </gpu>
  <gpu id="1" i_chunks="1" o_chunks="1" s_chunks="1">
    <tb id="0" send="-1" recv="0" chan="0">
      <step s="0" type="r" srcbuf="i" srcoff="0" dstbuf="s" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="1"/>
    </tb>
    <tb id="1" send="2" recv="-1" chan="0">
      <step s="0" type="s" srcbuf="s" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="0" deps="0" hasdep="0"/>
    </tb>
  </gpu>
  <gpu id="2" i_chunks="1" o_chunks="1" s_chunks="1">
    <tb id="0" send="0" recv="1" chan="0">
      <step s="0" type="rcs" srcbuf="i" srcoff="0" dstbuf="s" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
    </tb>
  </gpu>
</algo>
)";

/// The race violations of `report` on gpu `gpu`.
std::vector<Violation> races_on(const Report& report, int gpu) {
    std::vector<Violation> races;
    for (const Violation& violation : report.violations)
        if (violation.kind == ViolationKind::race && violation.rank == gpu)
            races.push_back(violation);
    return races;
}

void check_access(const ProgramPoint& point, int tb, int step, const std::string& note) {
    CHECK(point.gpu == 0);
    CHECK(point.thread_block == tb);
    CHECK(point.step == step);
    CHECK(point.buffer == "s");
    CHECK(point.chunk == 0);
    CHECK(point.note == note);
}

}  // namespace

TEST_CASE("msccl happens-before: a chain of sends through two gpus orders two thread blocks") {
    const Report report = check_msccl_text(chain);
    CHECK(report.violation_counts.count(ViolationKind::race) == 0);
    CHECK(report.violation_counts.count(ViolationKind::deadlock) == 0);
}

TEST_CASE("msccl happens-before: a missing wait on another gpu breaks the chain: a race") {
    // gpu 1 forwards without waiting for its receive: the chain no longer orders gpu 0.
    const std::string broken =
        replace_in_block(chain, 1, 1, R"(depid="0" deps="0")", R"(depid="-1" deps="-1")");
    const Report report = check_msccl_text(broken);
    CHECK(report.violation_counts.at(ViolationKind::race) == 2);
    const std::vector<Violation> on_gpu_0 = races_on(report, 0);
    REQUIRE(on_gpu_0.size() == 1);
    REQUIRE(on_gpu_0[0].points.size() == 2);
    check_access(on_gpu_0[0].points[0], 0, 0, "writes");
    check_access(on_gpu_0[0].points[1], 2, 1, "reads");
    CHECK(on_gpu_0[0].detail.find("no step of tb 0 is ordered before it") != std::string::npos);
    const std::vector<Violation> on_gpu_1 = races_on(report, 1);
    REQUIRE(on_gpu_1.size() == 1);  // the forward reads s[0] unordered with its receive
    CHECK(on_gpu_1[0].points[0].note == "writes");
    CHECK(on_gpu_1[0].points[1].note == "reads");
}

TEST_CASE("msccl happens-before: a write after the step the chain starts from is a race") {
    // tb 0 signals before it writes: the send, and all that follows it, sees only step 0.
    std::string broken = replace_in_block(
        chain, 0, 0,
        R"(<step s="0" type="cpy" srcbuf="i" srcoff="0" dstbuf="s" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="1"/>)",
        R"(<step s="0" type="nop" srcbuf="i" srcoff="0" dstbuf="s" dstoff="0" cnt="0" depid="-1" deps="-1" hasdep="1"/>
      <step s="1" type="cpy" srcbuf="i" srcoff="0" dstbuf="s" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>)");
    const Report report = check_msccl_text(broken);
    CHECK(report.violation_counts.at(ViolationKind::race) == 1);
    const std::vector<Violation> on_gpu_0 = races_on(report, 0);
    REQUIRE(on_gpu_0.size() == 1);
    check_access(on_gpu_0[0].points[0], 0, 1, "writes");
    check_access(on_gpu_0[0].points[1], 2, 1, "reads");
    CHECK(on_gpu_0[0].detail.find("only steps 0..0 of tb 0 are ordered before it") !=
          std::string::npos);
}

TEST_CASE("msccl happens-before: the chain's return through a second sending thread block") {
    // The same chain, but gpu 0 sends through tb 1 only after a second sender,
    // tb 3 (to gpu 2, unused by the chain), which waits for the write: the
    // read is ordered through tb 1's local clock at its send, not tb 3's.
    std::string two_senders = replace_once(chain, R"(    <tb id="2" send="-1" recv="2" chan="0">)",
                                           R"(    <tb id="3" send="2" recv="-1" chan="0">
      <step s="0" type="s" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="0" deps="0" hasdep="1"/>
    </tb>
    <tb id="2" send="-1" recv="2" chan="0">)");
    two_senders =
        replace_in_block(two_senders, 0, 1, R"(depid="0" deps="0")", R"(depid="3" deps="0")");
    // gpu 2 takes tb 3's message on its own thread block and drops nothing.
    two_senders =
        replace_once(two_senders, R"(  <gpu id="2" i_chunks="1" o_chunks="1" s_chunks="1">)",
                     R"(  <gpu id="2" i_chunks="1" o_chunks="1" s_chunks="2">
    <tb id="1" send="-1" recv="0" chan="0">
      <step s="0" type="r" srcbuf="i" srcoff="0" dstbuf="s" dstoff="1" cnt="1" depid="-1" deps="-1" hasdep="0"/>
    </tb>)");
    const Report report = check_msccl_text(two_senders);
    CHECK(report.violation_counts.count(ViolationKind::race) == 0);
    CHECK(report.violation_counts.count(ViolationKind::deadlock) == 0);
    CHECK(report.violation_counts.count(ViolationKind::unreceived_message) == 0);
}
