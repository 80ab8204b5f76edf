// A thread block as the MSCCL++ kernel runs it (docs/mscclpp.md, Threads):
// every operation on all threads with no barrier between operations, signal
// and wait on the first threads only, nop and barrier joining them; and
// what the kernel does otherwise than the plan names (get's indexes,
// memory-channel pws, flush without outputs). Each rule: a plan it makes
// violated, with the exact kind and operations, and its fixed twin that holds.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "checker/core/input_error.hpp"
#include "tests/mscclpp/mscclpp_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

TEST_CASE("mscclpp threads: the plan with the DSL's nops holds") {
    CHECK(check_plan_text(two_gpu_plan_joined()).verdict == Verdict::holds);
}

TEST_CASE("mscclpp threads: a put signalled without a nop publishes nothing") {
    // Thread 0 signals while the other threads may still be copying.
    const std::string text = replace_all(two_gpu_plan_joined(),
                                         R"("channel_type": "memory"},
  {"name": "nop"}, {"name": "signal")",
                                         R"("channel_type": "memory"},
  {"name": "signal")");
    const Report report = check_plan_text(text);
    CHECK(violated_kinds(report) == std::set<std::string>{"race"});
    CHECK(names_operations(report, "race", "put: writes", "re: reads"));
}

TEST_CASE("mscclpp threads: a read after a wait without a nop is not ordered by it") {
    // Every thread but the first may read before the wait returns.
    const std::string text =
        replace_all(two_gpu_plan_joined(), R"({"name": "nop"}, {"name": "re")", R"({"name": "re")");
    const Report report = check_plan_text(text);
    CHECK(violated_kinds(report) == std::set<std::string>{"race"});
    CHECK(names_operations(report, "race", "put: writes", "re: reads"));
}

TEST_CASE("mscclpp threads: two operations over one cell dealt to different threads") {
    // Block 0 copies input chunks 0-1 into scratch, then without a nop puts
    // scratch chunk 1 alone: put's thread t reads the bytes copy's thread
    // t + (one chunk's elements) wrote. Over the same two chunks it is the
    // same thread (mscclpp::copy's partition): no race.
    const auto plan = [](const std::string& put_range) {
        return R"({"name": "p", "collective": "test", "protocol": "Simple", "inplace": false,
 "gpus": [{"id": 0, "input_chunks": 2, "output_chunks": 2, "scratch_chunks": 2,
  "threadblocks": [{"id": 0, "ops": [
   {"name": "copy", "src_buff": [{"type": "i", "index": 0, "size": 2}],
    "dst_buff": [{"type": "s", "index": 0, "size": 2}]},
   {"name": "copy", "src_buff": [{"type": "s", )" +
               put_range + R"(}],
    "dst_buff": [{"type": "o", )" +
               put_range + R"(}]}], "channels": []}],
  "channels": [], "remote_buffers": [], "semaphores": []}]})";
    };
    const Report crossed = check_plan_text(plan(R"("index": 1, "size": 1)"));
    CHECK(violated_kinds(crossed) == std::set<std::string>{"race"});
    CHECK(names_operations(crossed, "race", "copy: writes", "copy: reads"));
    CHECK(check_plan_text(plan(R"("index": 0, "size": 2)")).verdict == Verdict::holds);
}

TEST_CASE("mscclpp threads: a release after data without a nop publishes nothing") {
    const std::string release = R"({"name": "sem_release", "semaphore_ids": [0]})";
    const std::string acquire = R"({"name": "sem_acquire", "semaphore_ids": [0]})";
    CHECK(check_plan_text(one_gpu_handoff(release, acquire)).verdict == Verdict::holds);
    const std::string unjoined = replace_first(one_gpu_handoff(release, acquire),
                                               R"(, {"name": "nop"}, {"name": "sem_release")",
                                               R"(, {"name": "sem_release")");
    CHECK(violated_kinds(check_plan_text(unjoined)) == std::set<std::string>{"race"});
}

TEST_CASE("mscclpp kernel: pws on a memory channel signals nothing (a warning)") {
    // The put and its signal fused on a memory channel: handlePut returns
    // before signalling, so the peer's wait never returns.
    std::string text = replace_all(two_gpu_plan_joined(), R"({"name": "put", )",
                                   R"({"name": "pws", "channel_ids": [0], )");
    text = replace_all(
        text, R"({"name": "nop"}, {"name": "signal", "channel_ids": [0], "channel_type": "memory"},
  {"name": "wait")",
        R"({"name": "wait")");
    const mscclpp::Plan plan = mscclpp::parse_plan_json(text, "pws.json");
    REQUIRE(plan.warnings.size() == 1);
    CHECK(plan.warnings.front() ==
          "pws.json: gpus[0].threadblocks[0].ops[3]: pws on a memory channel signals nothing: "
          "handlePut (execution_kernel.hpp) copies and returns before any signal; trivcheck runs "
          "it as a put (and 1 more like it)");
    CHECK(violated_kinds(mscclpp::check_plan(plan)) == std::set<std::string>{"deadlock"});
    // On a port channel it signals; as pwsf it also flushes, so the caller
    // may write the next input after the launch (docs/mscclpp.md, Port
    // channels): the same plan holds.
    CHECK(check_plan_text(replace_all(replace_all(text, "memory", "port"), R"("pws")", R"("pwsf")"))
              .verdict == Verdict::holds);
}

TEST_CASE("mscclpp kernel: get addresses its ranges the other way round (a warning)") {
    // Gpu 1 gets gpu 0's input chunk 1 into its output chunk 0: handleGet
    // writes output chunk 1 from gpu 0's chunk 0 instead.
    const auto plan = [](int source, int destination) {
        std::string gpus;
        for (int gpu = 0; gpu < 2; ++gpu)
            gpus += std::string(gpu ? "," : "") + R"({"id": )" + std::to_string(gpu) +
                    R"(, "input_chunks": 2, "output_chunks": 2, "scratch_chunks": 0,
  "threadblocks": [)" +
                    (gpu == 0 ? R"({"id": 0, "ops": [], "channels": []})"
                              : R"({"id": 0, "ops": [
   {"name": "get", "src_buff": [{"buffer_id": 0, "index": )" +
                                    std::to_string(source) + R"(, "size": 1}],
    "dst_buff": [{"type": "o", "index": )" +
                                    std::to_string(destination) +
                                    R"(, "size": 1}], "channel_type": "memory"}],
   "channels": [{"channel_type": "memory", "channel_ids": [0]}],
   "remote_buffer_refs": [{"access_channel_type": "memory", "remote_buffer_ids": [0]}]})") +
                    R"(], "channels": [{"channel_type": "memory", "connected_to": [)" +
                    std::to_string(1 - gpu) + R"(]}],
  "remote_buffers": [{"rank": )" +
                    std::to_string(1 - gpu) +
                    R"(, "type": "i", "access_channel_types": ["memory"]}], "semaphores": []})";
        return R"({"name": "g", "collective": "test", "protocol": "Simple", "inplace": false,
 "gpus": [)" + gpus +
               "]}";
    };
    const mscclpp::Plan swapped = mscclpp::parse_plan_json(plan(1, 0), "get.json");
    REQUIRE(swapped.warnings.size() == 1);
    CHECK(swapped.warnings.front().starts_with(
        "get.json: gpus[1].threadblocks[0].ops[0]: get with src_buff and dst_buff at different "
        "indexes: handleGet"));
    CHECK(mscclpp::parse_plan_json(plan(1, 1), "get.json").warnings.empty());
    // Where the swapped ranges fall past a buffer, the kernel would address
    // memory the plan does not have: refused.
    const std::string past = replace_first(plan(1, 0), R"("output_chunks": 2, "scratch_chunks": 0,
  "threadblocks": [{"id": 0, "ops": [
   {"name": "get")",
                                           R"("output_chunks": 1, "scratch_chunks": 0,
  "threadblocks": [{"id": 0, "ops": [
   {"name": "get")");
    CHECK_THROWS_AS(mscclpp::parse_plan_json(past, "get.json"), InputError);
}

TEST_CASE("mscclpp kernel: flush without outputs does nothing (a warning)") {
    std::string text =
        replace_all(replace_all(two_gpu_plan_joined(), "memory", "port"), R"({"name": "put", )",
                    R"({"name": "put", "channel_ids": [0], )");
    text = replace_all(
        text, R"({"name": "nop"}, {"name": "re")",
        R"({"name": "flush", "channel_ids": [0], "channel_type": "port"}, {"name": "nop"}, {"name": "re")");
    const mscclpp::Plan plan = mscclpp::parse_plan_json(text, "flush.json");
    REQUIRE(plan.warnings.size() == 1);
    CHECK(plan.warnings.front().starts_with(
        "flush.json: gpus[0].threadblocks[0].ops[7]: flush without dst_buff does nothing in the "
        "executor"));
}
