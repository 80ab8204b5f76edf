// The MSCCL++ executor's fixed arrays (execution_common.hpp; docs/mscclpp.md,
// Reading): a thread block of more than MAX_OPERATION = 64 operations is
// refused as setupDeviceExecutionPlan refuses it, a pipeline counted as 1 + its
// inner operations; lists written past an array's end without a word are
// warnings, refused under --strict. Both readers, the single pass and the one
// through the JSON document, say the same.
#include <doctest/doctest.h>

#include <optional>
#include <string>

#include "checker/core/input_error.hpp"
#include "checker/mscclpp_reading/plan_single_pass.hpp"
#include "tests/mscclpp/mscclpp_test_support.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

/// `count` copies of `op`, comma separated.
std::string limits_repeated(const std::string& op, int count) {
    std::string ops;
    for (int index = 0; index < count; ++index) ops += (index ? ", " : "") + op;
    return ops;
}

/// "[0, 1, ..., count - 1]".
std::string limits_ids(int count) {
    std::string ids = "[";
    for (int index = 0; index < count; ++index) ids += (index ? ", " : "") + std::to_string(index);
    return ids + "]";
}

/// One gpu, one thread block of `ops`, input and output of one chunk; `name`
/// the plan's name (an escape in it makes the single pass give up).
std::string limits_one_block(const std::string& ops, const std::string& name = "limits") {
    return R"({"name": ")" + name +
           R"(", "collective": "test", "protocol": "Simple", "inplace": false,
 "gpus": [{"id": 0, "input_chunks": 1, "output_chunks": 1, "scratch_chunks": 0,
  "threadblocks": [{"id": 0, "ops": [)" +
           ops + R"(], "channels": []}],
  "channels": [], "remote_buffers": [], "semaphores": [{"init_value": 0}]}]})";
}

/// Two gpus, each with `channels` memory channels to the other, `buffers`
/// remote buffers (the peer's scratch) and `semaphores` semaphores; each
/// gpu's one thread block lists every channel and remote buffer and runs `ops`.
std::string limits_two_gpus(int channels, int buffers, int semaphores, const std::string& ops) {
    std::string gpus;
    for (int gpu = 0; gpu < 2; ++gpu) {
        const std::string peer = std::to_string(1 - gpu);
        std::string peers, remotes, initial;
        for (int index = 0; index < channels; ++index) peers += (index ? ", " : "") + peer;
        for (int index = 0; index < buffers; ++index)
            remotes += std::string(index ? ", " : "") + R"({"rank": )" + peer +
                       R"(, "type": "s", "access_channel_types": ["memory"]})";
        for (int index = 0; index < semaphores; ++index)
            initial += std::string(index ? ", " : "") + R"({"init_value": 1})";
        gpus += std::string(gpu ? ", " : "") + R"({"id": )" + std::to_string(gpu) +
                R"(, "input_chunks": 1, "output_chunks": 1, "scratch_chunks": 1,
  "threadblocks": [{"id": 0, "ops": [)" +
                ops + R"(],
   "channels": [{"channel_type": "memory", "channel_ids": )" +
                limits_ids(channels) + R"(}],
   "remote_buffer_refs": [{"access_channel_type": "memory", "remote_buffer_ids": )" +
                limits_ids(buffers) + R"(}]}],
  "channels": [{"channel_type": "memory", "connected_to": [)" +
                peers + R"(]}], "remote_buffers": [)" + remotes + R"(], "semaphores": [)" +
                initial + "]}";
    }
    return R"({"name": "limits", "collective": "test", "protocol": "Simple", "inplace": false,
 "gpus": [)" +
           gpus + "]}";
}

/// The InputError parse_plan_json throws for `text` ("" when it reads it).
std::string limits_refusal(const std::string& text) {
    try {
        mscclpp::parse_plan_json(text, "plan.json");
    } catch (const InputError& error) {
        return error.what();
    }
    return "";
}

const std::string limits_nop = R"({"name": "nop"})";
const std::string limits_copy =
    R"({"name": "copy", "src_buff": [{"type": "i", "index": 0, "size": 1}], "dst_buff": [{"type": "o", "index": 0, "size": 1}]})";

/// A pipeline of `inner` copies.
std::string limits_pipeline(int inner) {
    return R"({"name": "pipeline", "iter_context": {"unit_size": 16, "num_chunks": 1}, "ops": [)" +
           limits_repeated(limits_copy, inner) + "]}";
}

std::string limits_operations_refusal(int total, const std::string& path, int operation) {
    return "plan.json: " + path + ": MSCCL++ executor: Executor plan launching " +
           std::to_string(total) +
           " operations, exceeding device execution plan support (64): "
           "setupDeviceExecutionPlan (executor.cc) refuses a thread block of more than "
           "MAX_OPERATION operations, counted as setupOperations (execution_plan.cc) lists "
           "them, a pipeline as 1 + its inner operations; this is operation " +
           std::to_string(operation);
}

}  // namespace

TEST_CASE("mscclpp executor limits: 64 operations in a thread block are read, 65 refused") {
    // The single pass reads the plain plan, the document reader the one with
    // an escape in its name: the same answer from both.
    for (const std::string name : {"limits", "limit\\u0073"}) {
        INFO(name);
        const std::string plan64 = limits_one_block(limits_repeated(limits_nop, 64), name);
        CHECK(mscclpp::read_plan_single_pass(plan64).has_value() == (name == "limits"));
        CHECK(limits_refusal(plan64).empty());
        CHECK(mscclpp::parse_plan_json(plan64, "plan.json").warnings.empty());
        const std::string plan65 = limits_one_block(limits_repeated(limits_nop, 65), name);
        CHECK(limits_refusal(plan65) ==
              limits_operations_refusal(65, "gpus[0].threadblocks[0].ops[64]", 65));
        const std::string plan87 = limits_one_block(limits_repeated(limits_nop, 87), name);
        CHECK(limits_refusal(plan87) ==
              limits_operations_refusal(87, "gpus[0].threadblocks[0].ops[64]", 65));
    }
    // The real binary: exit 3, the file and the operation's path named.
    const std::string file = temporary_file("mscclpp-65-operations", ".json",
                                            limits_one_block(limits_repeated(limits_copy, 65)));
    const CommandOutput run = run_trivcheck_stderr("check " + file);
    CHECK(run.exit_code == 3);
    CHECK(run.out.find(file + ": gpus[0].threadblocks[0].ops[64]: MSCCL++ executor: Executor "
                              "plan launching 65 operations") != std::string::npos);
    CHECK(run.out.find("setupDeviceExecutionPlan (executor.cc)") != std::string::npos);
    CHECK(run.out.find("MAX_OPERATION") != std::string::npos);
    const std::string file64 = temporary_file("mscclpp-64-operations", ".json",
                                              limits_one_block(limits_repeated(limits_copy, 64)));
    CHECK(run_trivcheck_stderr("check " + file64).exit_code != 3);
}

TEST_CASE("mscclpp executor limits: a pipeline of k inner operations counts 1 + k") {
    // 60 nops and a pipeline of 3: 64.
    const std::string fits =
        limits_one_block(limits_repeated(limits_nop, 60) + ", " + limits_pipeline(3));
    CHECK(limits_refusal(fits).empty());
    // Of 4: 65, the pipeline's last inner operation the 65th.
    const std::string over =
        limits_one_block(limits_repeated(limits_nop, 60) + ", " + limits_pipeline(4));
    CHECK(limits_refusal(over) ==
          limits_operations_refusal(65, "gpus[0].threadblocks[0].ops[60].ops[3]", 65));
    // A pipeline past the count: the pipeline itself named.
    const std::string after =
        limits_one_block(limits_repeated(limits_nop, 64) + ", " + limits_pipeline(2));
    CHECK(limits_refusal(after) ==
          limits_operations_refusal(67, "gpus[0].threadblocks[0].ops[64]", 65));
}

TEST_CASE("mscclpp executor limits: lists past an Operation array warn, --strict refuses") {
    struct Row {
        std::string plan;
        std::string warning;
    };
    const std::string signal_on = R"({"name": "signal", "channel_type": "memory", "channel_ids": )";
    const std::string ranges11 = limits_repeated(R"({"type": "i", "index": 0, "size": 1})", 11);
    const std::vector<Row> rows = {
        {limits_two_gpus(9, 1, 0, signal_on + limits_ids(9) + "}"),
         "gpus[0].threadblocks[0].ops[0].channel_ids: 9 channel_ids: setupOperation "
         "(execution_plan.cc) writes them into Operation::channelIndexes, an array of "
         "MAX_CHANNEL_PER_OPERATION = 8, past its end"},
        {limits_one_block(R"({"name": "re", "src_buff": [)" + ranges11 +
                          R"(], "dst_buff": [{"type": "o", "index": 0, "size": 1}]})"),
         "gpus[0].threadblocks[0].ops[0].src_buff: 11 src_buff ranges: setupOperation "
         "(execution_plan.cc) writes them into Operation::inputOffsets (and inputBufferRefs, "
         "inputBufferSizes), an array of MAX_LOCAL_BUFFER_PER_OPERATION + "
         "MAX_CHANNEL_PER_OPERATION = 10, past its end"},
        {limits_two_gpus(1, 1, 17,
                         R"({"name": "sem_acquire", "semaphore_ids": )" + limits_ids(17) + "}"),
         "gpus[0].threadblocks[0].ops[0].semaphore_ids: 17 semaphore_ids: setupOperation "
         "(execution_plan.cc) writes them into Operation::deviceSemaphoreIds, an array of "
         "MAX_DEVICE_SEMAPHORES = 16, past its end"},
        {limits_one_block(R"({"name": "barrier", "barrier_id": 16, "num_threadblocks": 1})"),
         "gpus[0].threadblocks[0].ops[0].barrier_id: barrier_id 16: handleBarrier "
         "(execution_kernel.hpp) syncs on deviceSyncers[barrier_id], an array of "
         "MAX_DEVICE_SYNCERS = 16, past its end"},
        {limits_two_gpus(17, 1, 0, signal_on + "[16]}"),
         "gpus[0].threadblocks[0]: a thread block of 17 memory channels: "
         "setupDeviceExecutionPlan (executor.cc) writes them into "
         "DeviceExecutionPlan::channels.memoryChannels, an array of MAX_CHANNEL = 16, past its "
         "end"},
        {limits_two_gpus(1, 17, 0, limits_nop),
         "gpus[0].threadblocks[0]: a thread block of 17 remote buffers through memory channels: "
         "setupDeviceExecutionPlan (executor.cc) writes them into "
         "DeviceExecutionPlan::remoteBuffers.memoryChannelBufferPtrs, an array of MAX_CHANNEL "
         "= 16, past its end"},
    };
    for (const Row& row : rows) {
        INFO(row.warning);
        const mscclpp::Plan plan = mscclpp::parse_plan_json(row.plan, "plan.json");
        REQUIRE(plan.warnings.size() == 1);
        CHECK(plan.warnings[0].starts_with("plan.json: " + row.warning));
        // The single pass gives up where the document reader warns, or both
        // read the same plan and the warning comes after either.
        const std::optional<mscclpp::Plan> single = mscclpp::read_plan_single_pass(row.plan);
        if (single) {
            mscclpp::Plan document = mscclpp::parse_plan_json_document(row.plan, "plan.json");
            CHECK(document.warnings.empty());
            CHECK(*single == document);
        }
    }
    // At the limits themselves: no warning.
    const std::string ranges10 = limits_repeated(R"({"type": "i", "index": 0, "size": 1})", 10);
    for (const std::string& plan :
         {limits_two_gpus(16, 16, 16,
                          signal_on + limits_ids(8) +
                              R"(}, {"name": "sem_release", "semaphore_ids": )" + limits_ids(16) +
                              "}"),
          limits_one_block(R"({"name": "re", "src_buff": [)" + ranges10 +
                           R"(], "dst_buff": [{"type": "o", "index": 0, "size": 1}]})"),
          limits_one_block(R"({"name": "barrier", "barrier_id": 15, "num_threadblocks": 1})")})
        CHECK(mscclpp::parse_plan_json(plan, "plan.json").warnings.empty());
    // The real binary warns, and --strict refuses (exit 3) naming the array.
    const std::string file = temporary_file("mscclpp-9-channels", ".json", rows[0].plan);
    const CommandOutput warned = run_trivcheck_stderr("check " + file);
    CHECK(warned.exit_code != 3);
    CHECK(warned.out.find("warning: " + file + ": " + rows[0].warning) != std::string::npos);
    const CommandOutput strict = run_trivcheck_stderr("check --strict " + file);
    CHECK(strict.exit_code == 3);
    CHECK(strict.out.find("Operation::channelIndexes") != std::string::npos);
    CHECK(strict.out.find("(refused under --strict)") != std::string::npos);
}

TEST_CASE("mscclpp executor limits: more thread blocks on a gpu than an A100 runs at once warn") {
    const auto blocks_plan = [](int count) {
        std::string blocks;
        for (int block = 0; block < count; ++block)
            blocks += std::string(block ? ", " : "") + R"({"id": )" + std::to_string(block) +
                      R"(, "ops": [{"name": "nop"}], "channels": []})";
        return R"({"name": "limits", "collective": "test", "protocol": "Simple", "inplace": false,
 "gpus": [{"id": 0, "input_chunks": 1, "output_chunks": 1, "scratch_chunks": 0,
  "threadblocks": [)" +
               blocks + R"(], "channels": [], "remote_buffers": [], "semaphores": []}]})";
    };
    CHECK(mscclpp::parse_plan_json(blocks_plan(108), "plan.json").warnings.empty());
    const mscclpp::Plan plan = mscclpp::parse_plan_json(blocks_plan(109), "plan.json");
    REQUIRE(plan.warnings.size() == 1);
    CHECK(plan.warnings[0].starts_with(
        "plan.json: gpus[0].threadblocks: 109 thread blocks on one gpu: executionKernel "
        "(execution_kernel.hpp) is __launch_bounds__(1024, 1)"));
    CHECK(plan.warnings[0].find("trivcheck runs all 109 at once") != std::string::npos);
}
