// Relaxed operations as MSCCL++ documents them (docs/mscclpp.md, Relaxed
// forms): a relaxed wait acquires nothing the signaller wrote in its launch,
// even before a full signal; a semaphore release is device scope; multimem
// stores published by a relaxed handshake are a relaxed_publication, which
// `check --allow relaxed_publication` accepts. Each rule: a plan it makes
// violated, with the exact kind and operations, and its fixed twin that holds.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "library/check.hpp"
#include "tests/mscclpp/mscclpp_test_support.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

/// Two gpus, in place all-reduce over one switch group of both: each says
/// it has started (a relaxed signal and wait, as the DSL opens), reduces its
/// chunk g through the multicast address (glres: the sum stored on both
/// gpus), then closes with `close_signal` and `close_wait` on the memory
/// channel. Operations: 0 rlxsignal, 1 rlxwait, 2 nop, 3 glres, 4 nop,
/// 5 close_signal, 6 close_wait.
std::string nvls_allreduce(const std::string& close_signal, const std::string& close_wait) {
    std::string gpus;
    for (int gpu = 0; gpu < 2; ++gpu) {
        const std::string self = std::to_string(gpu);
        const std::string peer = std::to_string(1 - gpu);
        gpus += std::string(gpu ? "," : "") + R"({"id": )" + self +
                R"(, "input_chunks": 2, "output_chunks": 2, "scratch_chunks": 0,
 "threadblocks": [{"id": 0, "ops": [
  {"name": "rlxsignal", "channel_ids": [0], "channel_type": "memory"},
  {"name": "rlxwait", "channel_ids": [0], "channel_type": "memory"},
  {"name": "nop"},
  {"name": "glres", "src_buff": [{"switch_channel_id": 0, "index": )" +
                self + R"(, "size": 1}],
   "dst_buff": [{"switch_channel_id": 0, "index": )" +
                self + R"(, "size": 1}], "channel_type": "switch"},
  {"name": "nop"},
  {"name": ")" + close_signal +
                R"(", "channel_ids": [0], "channel_type": "memory"},
  {"name": ")" + close_wait +
                R"(", "channel_ids": [0], "channel_type": "memory"}],
  "channels": [{"channel_type": "memory", "channel_ids": [0]}, {"channel_type": "switch", "channel_ids": [0]}],
  "remote_buffer_refs": []}],
 "channels": [{"channel_type": "memory", "connected_to": [)" +
                peer + R"(]},
  {"channel_type": "switch", "buffer_type": "i", "rank_groups": [{"size": 2, "ranks": [0, 1]}]}],
 "remote_buffers": [], "semaphores": []})";
    }
    return R"({"name": "nvls", "collective": "allreduce", "protocol": "Simple", "inplace": true,
 "gpus": [)" +
           gpus + "]}";
}

/// Gpu 0 puts its input into gpu 1's scratch once gpu 1 says the scratch
/// is free, then (`release`) releases and acquires its own semaphore, and
/// signals with `publish`; gpu 1 waits (fully) and copies the scratch into
/// its output. Gpu 0: 0 wait, 1 nop, 2 put, 3 nop, [4 sem_release,
/// 5 sem_acquire,] publish; gpu 1: 0 signal, 1 wait, 2 nop, 3 copy.
std::string handoff_after_release(const std::string& publish, bool release) {
    const std::string semaphore = release ? R"(
  {"name": "sem_release", "semaphore_ids": [0]},
  {"name": "sem_acquire", "semaphore_ids": [0]},)"
                                          : "";
    return R"({"name": "release", "collective": "test", "protocol": "Simple", "inplace": false,
 "gpus": [{"id": 0, "input_chunks": 1, "output_chunks": 1, "scratch_chunks": 1,
 "threadblocks": [{"id": 0, "ops": [
  {"name": "wait", "channel_ids": [0], "channel_type": "memory"},
  {"name": "nop"},
  {"name": "put", "src_buff": [{"type": "i", "index": 0, "size": 1}],
   "dst_buff": [{"buffer_id": 0, "index": 0, "size": 1}], "channel_type": "memory"},
  {"name": "nop"},)" +
           semaphore + R"(
  {"name": ")" +
           publish +
           R"(", "channel_ids": [0], "channel_type": "memory"}],
  "channels": [{"channel_type": "memory", "channel_ids": [0]}],
  "remote_buffer_refs": [{"access_channel_type": "memory", "remote_buffer_ids": [0]}]}],
 "channels": [{"channel_type": "memory", "connected_to": [1]}],
 "remote_buffers": [{"rank": 1, "type": "s", "access_channel_types": ["memory"]}],
 "semaphores": [{"init_value": 0}]},
 {"id": 1, "input_chunks": 1, "output_chunks": 1, "scratch_chunks": 1,
 "threadblocks": [{"id": 0, "ops": [
  {"name": "signal", "channel_ids": [0], "channel_type": "memory"},
  {"name": "wait", "channel_ids": [0], "channel_type": "memory"},
  {"name": "nop"},
  {"name": "copy", "src_buff": [{"type": "s", "index": 0, "size": 1}],
   "dst_buff": [{"type": "o", "index": 0, "size": 1}]}],
  "channels": [{"channel_type": "memory", "channel_ids": [0]}]}],
 "channels": [{"channel_type": "memory", "connected_to": [0]}],
 "remote_buffers": [], "semaphores": []}]})";
}

Report check_allowing(const std::string& text, std::vector<ViolationKind> allowed) {
    CheckSettings settings;
    settings.allowed = std::move(allowed);
    return check(mscclpp::parse_plan_json(text, "plan.json"), settings).report;
}

}  // namespace

TEST_CASE("mscclpp relaxed: a relaxed wait acquires nothing, even after a full signal") {
    // relaxedWait loads the semaphore with memoryOrderRelaxed
    // (semaphore_device.hpp): the signal's release has no acquire to meet.
    const Report report = check_plan_text(two_gpu_plan_joined("signal", "rlxwait"));
    CHECK(violated_kinds(report) == std::set<std::string>{"stale_read"});
    CHECK(names_operations(report, "stale_read", "put: writes", "re: reads"));
    CHECK(check_plan_text(two_gpu_plan_joined("signal", "wait")).verdict == Verdict::holds);
}

TEST_CASE("mscclpp relaxed: a semaphore release fences nothing for another gpu") {
    // DeviceSemaphore::release is a device-scope release (concurrency_device.hpp):
    // the relaxed signal after it still publishes nothing to gpu 1.
    const Report released = check_plan_text(handoff_after_release("rlxsignal", true));
    CHECK(violated_kinds(released) == std::set<std::string>{"stale_read"});
    CHECK(names_operations(released, "stale_read", "put: writes", "copy: reads"));
    CHECK(violated_kinds(check_plan_text(handoff_after_release("rlxsignal", false))) ==
          std::set<std::string>{"stale_read"});
    // A full signal after the release and acquire publishes the put.
    CHECK(check_plan_text(handoff_after_release("signal", true)).verdict == Verdict::holds);
    CHECK(check_plan_text(handoff_after_release("signal", false)).verdict == Verdict::holds);
}

TEST_CASE("mscclpp relaxed: multimem stores published by a relaxed handshake") {
    // glres stores with multimem.st.relaxed.sys (switch_channel_device.hpp)
    // and the closing rlxsignal/rlxwait make nothing visible: each gpu's
    // caller may read its output before the peer's store lands.
    const Report report = check_plan_text(nvls_allreduce("rlxsignal", "rlxwait"));
    CHECK(violated_kinds(report) == std::set<std::string>{"relaxed_publication"});
    CHECK(names_operations(report, "relaxed_publication", "glres: writes",
                           "the caller after launch 1: reads"));
    REQUIRE(!report.violations.empty());
    CHECK(report.violations.front().detail.find("allreduce_nvls_zero_copy.cu") !=
          std::string::npos);
    CHECK(report.checks.at("stale_reads").verdict == Verdict::violated);
    // Closed by a full signal and wait, it holds; the opening relaxed
    // handshake before glres reads the peer's input is enough: that input
    // was written before the peer's launch began (the kernel boundary).
    const Report fixed = check_plan_text(nvls_allreduce("signal", "wait"));
    CHECK(fixed.verdict == Verdict::holds);
    CHECK(fixed.checks.at("postcondition").verdict == Verdict::holds);
}

TEST_CASE("mscclpp relaxed: check --allow relaxed_publication accepts the NVLS pattern") {
    const std::string text = nvls_allreduce("rlxsignal", "rlxwait");
    const Report allowed = check_allowing(text, {ViolationKind::relaxed_publication});
    CHECK(allowed.verdict == Verdict::holds);
    CHECK(allowed.violation_counts.empty());
    CHECK(allowed.allowed_counts.at(ViolationKind::relaxed_publication) ==
          check_plan_text(text).violation_counts.at(ViolationKind::relaxed_publication));
    REQUIRE(!allowed.allowed.empty());
    CHECK(allowed.allowed.front().kind == ViolationKind::relaxed_publication);
    CHECK(allowed.checks.at("stale_reads").verdict == Verdict::holds);
    CHECK(allowed.checks.at("stale_reads").reason.find("allowed") != std::string::npos);
    // Allowing it accepts nothing else: a plain stale read still counts.
    const Report other = check_allowing(two_gpu_plan_joined("rlxsignal", "wait"),
                                        {ViolationKind::relaxed_publication});
    CHECK(violated_kinds(other) == std::set<std::string>{"stale_read"});
    CHECK(other.allowed.empty());
}

TEST_CASE("mscclpp relaxed: --allow on the command line") {
    const std::string file =
        temporary_file("mscclpp-nvls", ".json", nvls_allreduce("rlxsignal", "rlxwait"));
    const CommandOutput counted = run_trivcheck("check " + file);
    CHECK(counted.exit_code == 1);
    CHECK(counted.out.find("relaxed_publication") != std::string::npos);
    const CommandOutput allowed = run_trivcheck("check --allow relaxed_publication " + file);
    CHECK(allowed.exit_code == 0);
    CHECK(allowed.out.find("verdict: holds") != std::string::npos);
    CHECK(allowed.out.find("allowed (check --allow, not counted): relaxed_publication") !=
          std::string::npos);
    const CommandOutput json = run_trivcheck("check --json --allow relaxed_publication " + file);
    CHECK(json.exit_code == 0);
    CHECK(json.out.find("\"allowed_counts\": {\n    \"relaxed_publication\"") != std::string::npos);
    // Only the kinds a runtime's own kernels rely on may be allowed.
    CHECK(run_trivcheck("check --allow race " + file).exit_code != 0);
}
