// Broken copies of the real MSCCL-IR files, each derived here by a string
// edit, and the exact violation each must produce.
#include "tests/msccl_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

const std::string hierarchical_allreduce = "ncv4_ar_hier_12_Simple.xml";
const std::string ring_allreduce = "ndv4_r48ll.xml";

}  // namespace

MSCCL_CORPUS_TEST_CASE("msccl broken copy: a removed dependency is a race with both accesses") {
    // gpu 0 tb 1 sends i[0] only after tb 24 has reduced into it (depid 24, deps 2).
    const std::string broken =
        replace_in_block(corpus_text(hierarchical_allreduce), 0, 1, R"(depid="24" deps="2")",
                         R"(depid="-1" deps="-1")");
    const Report report = check_msccl_text(broken);
    const Violation& race = only_violation(report, "race");
    CHECK(race.rank == 0);
    REQUIRE(race.points.size() == 2);
    check_point(race.points[0], 0, 1, 0, "i", 0, "reads");
    check_point(race.points[1], 0, 0, 1, "i", 0, "writes");
    CHECK(race.detail.find("unordered") != std::string::npos);
}

MSCCL_CORPUS_TEST_CASE("msccl broken copy: two gpus that both receive first deadlock in a cycle") {
    const std::string send = R"(<step s="0" type="s" srcbuf="i" srcoff="1" dstbuf="i" dstoff="1")";
    const std::string receive =
        R"(<step s="1" type="rrc" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0")";
    std::string broken = corpus_text(hierarchical_allreduce);
    // gpu 0 tb 0: receive (as step 0) before it sends (as step 1); gpu 1 tb 0 likewise.
    broken =
        replace_in_block(broken, 0, 0, send,
                         R"(<step s="0" type="rrc" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0")");
    broken =
        replace_in_block(broken, 0, 0, receive,
                         R"(<step s="1" type="s" srcbuf="i" srcoff="1" dstbuf="i" dstoff="1")");
    broken = replace_in_block(
        broken, 1, 0, R"(<step s="0" type="s" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0")",
        R"(<step s="0" type="rrc" srcbuf="i" srcoff="1" dstbuf="i" dstoff="1")");
    broken = replace_in_block(
        broken, 1, 0, R"(<step s="1" type="rrc" srcbuf="i" srcoff="1" dstbuf="i" dstoff="1")",
        R"(<step s="1" type="s" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0")");
    const Report report = check_msccl_text(broken);
    const Violation& deadlock = only_violation(report, "deadlock");
    REQUIRE(deadlock.points.size() == 2);
    check_point(deadlock.points[0], 0, 0, 0, "", -1, "waits for a message from gpu 1 tb 0");
    check_point(deadlock.points[1], 1, 0, 0, "", -1, "waits for a message from gpu 0 tb 0");
    CHECK(report.asynchronous->fifo_depth_needed == 0);
}

MSCCL_CORPUS_TEST_CASE("msccl broken copy: a receive that nothing sends is a deadlock") {
    // gpu 1 tb 0 no longer sends its step 0: gpu 0 tb 0 step 1 waits for it forever.
    const std::string broken =
        replace_in_block(corpus_text(hierarchical_allreduce), 1, 0, R"(<step s="0" type="s")",
                         R"(<step s="0" type="nop")");
    const Report report = check_msccl_text(broken);
    const Violation& deadlock = only_violation(report, "deadlock");
    REQUIRE(deadlock.points.size() == 1);
    check_point(deadlock.points[0], 0, 0, 1, "", -1, "receives");
    CHECK(deadlock.detail.find("nothing sends it") != std::string::npos);
}

MSCCL_CORPUS_TEST_CASE("msccl broken copy: a changed cnt is a count_mismatch") {
    const std::string broken = replace_in_block(
        corpus_text(ring_allreduce), 0, 0,
        R"(<step s="0" type="s" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0" cnt="1")",
        R"(<step s="0" type="s" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0" cnt="2")");
    const Report report = check_msccl_text(broken);
    const Violation& mismatch = only_violation(report, "count_mismatch");
    REQUIRE(mismatch.points.size() == 2);
    check_point(mismatch.points[0], 0, 0, 0, "", -1, "sends");
    CHECK(mismatch.points[1].gpu == 1);
    CHECK(mismatch.detail.find("receives cnt 1 but the message from gpu 0 tb 0 step 0 has cnt 2") !=
          std::string::npos);
}

MSCCL_CORPUS_TEST_CASE("msccl broken copy: a wait on a step that never signals") {
    // tb 24's reduction no longer signals: gpu 0 tb 1 waits on it (depid 24, deps 2).
    const std::string broken = replace_in_block(
        corpus_text(hierarchical_allreduce), 0, 24,
        R"(<step s="2" type="re" srcbuf="s" srcoff="0" dstbuf="i" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="1"/>)",
        R"(<step s="2" type="re" srcbuf="s" srcoff="0" dstbuf="i" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>)");
    const Report report = check_msccl_text(broken);
    const Violation& wait = only_violation(report, "unsignalled_wait");
    REQUIRE(wait.points.size() == 1);
    check_point(wait.points[0], 0, 1, 0, "", -1, "waits");
}

MSCCL_CORPUS_TEST_CASE(
    "msccl broken copy: a receive turned into a nop leaves a message unreceived") {
    const std::string broken =
        replace_in_block(corpus_text("ncv4_ag_hier_4_Simple.xml"), 0, 0, R"(<step s="0" type="r")",
                         R"(<step s="0" type="nop")");
    const Report report = check_msccl_text(broken);
    const Violation& unreceived = only_violation(report, "unreceived_message");
    // gpu 0 tb 0 step 1 takes the message meant for step 0; step 1's stays queued.
    REQUIRE(unreceived.points.size() == 1);
    check_point(unreceived.points[0], 1, 4, 1, "", -1, "sends");
    // o[4] never arrives; o[12] holds gpu 1's chunk instead of gpu 3's.
    CHECK(report.violation_counts.at(ViolationKind::missing) == 2);
    const Violation& unexpected = only_violation(report, "unexpected_contribution");
    CHECK(unexpected.rank == 0);
    CHECK(unexpected.block == 12);
    CHECK(unexpected.contributor == 1);
    CHECK(unexpected.contributor_chunk == 0);
}

MSCCL_CORPUS_TEST_CASE("msccl broken copy: reducing again in the all-gather double counts") {
    // gpu 3 tb 0 step 2 receives the finished chunk 0 and copies it on (rcs);
    // as rrcs it adds its own partial again.
    const std::string broken =
        replace_in_block(corpus_text(ring_allreduce), 3, 0, R"(<step s="2" type="rcs")",
                         R"(<step s="2" type="rrcs")");
    const Report report = check_msccl_text(broken);
    // rrs sent gpu 3's partial without storing it, so i[0] still holds only
    // (gpu 3, chunk 0): exactly that contribution is counted twice.
    const Violation& double_count = only_violation(report, "double_count");
    CHECK(double_count.rank == 3);
    CHECK(double_count.thread_block == 0);
    CHECK(double_count.step == 2);
    CHECK(double_count.contributor == 3);
    CHECK(double_count.contributor_chunk == 0);
    REQUIRE(double_count.chains.size() == 2);
    // Copy 1 went round the ring: reduced on gpus 3..7, copied on 0..2, back at 3.
    const std::vector<ProgramPoint>& around = double_count.chains[0];
    REQUIRE(around.size() == 10);
    check_point(around[0], 3, -1, -1, "i", 0, "its input");
    const int gpus[] = {3, 4, 5, 6, 7, 0, 1, 2, 3};
    const char* types[] = {"rrs", "rrs", "rrs", "rrs", "rrcs", "rcs", "rcs", "rcs", "rrcs"};
    for (int hop = 0; hop < 9; ++hop) {
        CHECK(around[hop + 1].gpu == gpus[hop]);
        CHECK(around[hop + 1].thread_block == 0);
        CHECK(around[hop + 1].note == types[hop]);
    }
    // Copy 2 never left gpu 3's input.
    const std::vector<ProgramPoint>& stayed = double_count.chains[1];
    REQUIRE(stayed.size() == 2);
    check_point(stayed[0], 3, -1, -1, "i", 0, "its input");
    check_point(stayed[1], 3, 0, 2, "", -1, "rrcs");
}

MSCCL_CORPUS_TEST_CASE(
    "msccl broken copy: adding a chunk nothing was written to is reduce_of_nothing") {
    // gpu 0 tb 4 step 1 receives into o[8] and sends it on (rcs); as rrcs with
    // src o[8] it adds the still empty o[8] to what it receives.
    const std::string broken =
        replace_in_block(corpus_text("ncv4_ag_hier_4_Simple.xml"), 0, 4,
                         R"(<step s="1" type="rcs" srcbuf="i" srcoff="0" dstbuf="o" dstoff="8")",
                         R"(<step s="1" type="rrcs" srcbuf="o" srcoff="8" dstbuf="o" dstoff="8")");
    const Report report = check_msccl_text(broken);
    const Violation& nothing = only_violation(report, "reduce_of_nothing");
    CHECK(report.violation_counts.size() == 1);  // the sum is what was received: outputs hold
    REQUIRE(nothing.points.size() == 1);
    check_point(nothing.points[0], 0, 4, 1, "", -1, "rrcs");
    CHECK(nothing.detail.find("adds an empty src") != std::string::npos);
}
