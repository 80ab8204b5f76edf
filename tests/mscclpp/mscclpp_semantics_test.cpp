// What each synchronization of an execution plan orders (docs/mscclpp.md,
// Ordering), on small plans whose one difference decides the verdict.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "tests/mscclpp/mscclpp_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

const std::string release = R"({"name": "sem_release", "semaphore_ids": [0]})";
const std::string acquire = R"({"name": "sem_acquire", "semaphore_ids": [0]})";
const std::string barrier = R"({"name": "barrier", "barrier_id": 0, "num_threadblocks": 2})";

}  // namespace

TEST_CASE("mscclpp semantics: signal and wait publish a put; the all-reduce holds") {
    const Report report = check_plan_text(two_gpu_plan_joined());
    CHECK(report.verdict == Verdict::holds);
    CHECK(report.checks.at("postcondition").verdict == Verdict::holds);
    CHECK(report.mscclpp->signals == 4);  // 2 per gpu; the figures are the first launch's
}

TEST_CASE("mscclpp semantics: a relaxed signal does not publish the put") {
    const Report relaxed_signal = check_plan_text(two_gpu_plan_joined("rlxsignal", "wait"));
    CHECK(violated_kinds(relaxed_signal) == std::set<std::string>{"stale_read"});
    CHECK(violated_kinds(check_plan_text(two_gpu_plan_joined("rlxsignal", "rlxwait"))) ==
          std::set<std::string>{"stale_read"});
    // A relaxed wait acquires nothing, a full signal's release included
    // (mscclpp_relaxed_test.cpp).
    CHECK(violated_kinds(check_plan_text(two_gpu_plan_joined("signal", "rlxwait"))) ==
          std::set<std::string>{"stale_read"});
    REQUIRE(!relaxed_signal.violations.empty());
    const Violation& stale = relaxed_signal.violations.front();
    REQUIRE(stale.points.size() == 2);
    CHECK(stale.points[0].note == "put: writes");
    CHECK(stale.points[1].note == "re: reads");
}

TEST_CASE("mscclpp semantics: on a port channel the relaxed names are full signals") {
    // The put flushed (with outputs) before its signal: the caller may
    // rewrite its source after the launch (docs/mscclpp.md, Port channels).
    const std::string unflushed =
        replace_all(replace_all(two_gpu_plan_joined("rlxsignal", "rlxwait"), "memory", "port"),
                    R"({"name": "put", )", R"({"name": "put", "channel_ids": [0], )");
    const std::string port = replace_all(unflushed,
                                         R"("channel_type": "port"},
  {"name": "nop"}, {"name": "rlxsignal")",
                                         R"("channel_type": "port"},
  {"name": "flush", "channel_ids": [0], "channel_type": "port",
   "dst_buff": [{"buffer_id": 0, "index": 0, "size": 1}]},
  {"name": "nop"}, {"name": "rlxsignal")");
    CHECK(check_plan_text(port).verdict == Verdict::holds);
    // Without the flush the proxy may still read the input the caller rewrites.
    CHECK(violated_kinds(check_plan_text(unflushed)) == std::set<std::string>{"race"});
}

TEST_CASE("mscclpp semantics: semaphores and barriers order thread blocks of one gpu") {
    CHECK(check_plan_text(one_gpu_handoff(release, acquire)).verdict == Verdict::holds);
    CHECK(check_plan_text(one_gpu_handoff(barrier, barrier)).verdict == Verdict::holds);
    CHECK(violated_kinds(check_plan_text(one_gpu_handoff("", ""))) ==
          std::set<std::string>{"race"});
    CHECK(violated_kinds(check_plan_text(one_gpu_handoff("", acquire))) ==
          std::set<std::string>{"deadlock"});
    // The extra release carries into the next launch, whose acquire takes it
    // before that launch's copy: the count mismatch makes a race.
    CHECK(violated_kinds(check_plan_text(one_gpu_handoff(release + ", " + release, acquire))) ==
          std::set<std::string>{"signal_count_mismatch", "race"});
    CHECK(violated_kinds(check_plan_text(one_gpu_handoff(barrier, ""))) ==
          std::set<std::string>{"deadlock", "race"});
}

TEST_CASE("mscclpp semantics: a deadlock names every blocked operation") {
    // No signals at all: each gpu's first wait waits forever.
    const Report report = check_plan_text(
        replace_all(two_gpu_plan_joined(), R"("name": "signal")", R"("name": "nop")"));
    CHECK(violated_kinds(report) == std::set<std::string>{"deadlock"});
    REQUIRE(report.violations.size() == 1);
    REQUIRE(report.violations[0].points.size() == 2);
    CHECK(report.violations[0].points[0].note ==
          "wait: waits for a signal that never comes on memory channel from gpu 1 (pair 0)");
    CHECK(report.violations[0].points[1].gpu == 1);
}

TEST_CASE("mscclpp semantics: a packet read waits for the packet's flag") {
    const std::string packets = R"({"name": "packets", "collective": "test", "protocol": "LL",
 "inplace": false, "use_double_scratch_buffer": true, "gpus": [
 {"id": 0, "input_chunks": 1, "output_chunks": 1, "scratch_chunks": 0,
  "threadblocks": [{"id": 0, "ops": [{"name": "ppkt",
     "src_buff": [{"type": "i", "index": 0, "size": 1}],
     "dst_buff": [{"buffer_id": 0, "index": 0, "size": 1}], "channel_type": "memory"}],
    "channels": [{"channel_type": "memory", "channel_ids": [0]}],
    "remote_buffer_refs": [{"access_channel_type": "memory", "remote_buffer_ids": [0]}]}],
  "channels": [{"channel_type": "memory", "connected_to": [1]}],
  "remote_buffers": [{"rank": 1, "type": "s", "access_channel_types": ["memory"]}],
  "semaphores": []},
 {"id": 1, "input_chunks": 1, "output_chunks": 1, "scratch_chunks": 1,
  "threadblocks": [{"id": 0, "ops": [{"name": "upkt",
     "src_buff": [{"type": "s", "index": 0, "size": 1}],
     "dst_buff": [{"type": "o", "index": 0, "size": 1}]}], "channels": []}],
  "channels": [{"channel_type": "memory", "connected_to": [0]}],
  "remote_buffers": [], "semaphores": []}]})";
    // The flag orders the read after the write; but nothing holds gpu 0's
    // launch 3 back from overwriting the half launch 1 reads
    // (mscclpp_launches_test.cpp has the acknowledged twin that holds).
    CHECK(violated_kinds(check_plan_text(packets)) == std::set<std::string>{"race"});
    // Plain data carries no flag: the unpacking thread block spins forever.
    CHECK(violated_kinds(
              check_plan_text(replace_first(packets, R"("name": "ppkt")", R"("name": "put")"))) ==
          std::set<std::string>{"packet_unwritten"});
    // One scratch buffer for both launches: the second launch's packets may
    // land before the first launch's reader has read them.
    const Report shared = check_plan_text(replace_first(
        packets, R"("use_double_scratch_buffer": true)", R"("use_double_scratch_buffer": false)"));
    CHECK(shared.verdict == Verdict::violated);
}
