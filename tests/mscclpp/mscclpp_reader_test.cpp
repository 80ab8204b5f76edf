// Reading execution plans as the MSCCL++ executor reads them (docs/mscclpp.md,
// Reading): what it refuses is refused naming the JSON path and the rule;
// what it ignores is a warning.
#include <doctest/doctest.h>

#include <string>

#include "checker/core/input_error.hpp"
#include "checker/mscclpp_reading/plan_sniffing.hpp"
#include "tests/mscclpp/mscclpp_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

TEST_CASE("mscclpp reader: the two-gpu plan resolved") {
    const mscclpp::Plan plan = mscclpp::parse_plan_json(two_gpu_plan(), "pair.json");
    REQUIRE(plan.gpus.size() == 2);
    CHECK(plan.warnings.empty());
    const mscclpp::Gpu& gpu = plan.gpus[1];
    REQUIRE(gpu.memory_channels.size() == 1);
    CHECK(gpu.memory_channels[0].peer == 0);
    const mscclpp::Operation& put = gpu.thread_blocks[0].operations[2];
    CHECK(put.kind == mscclpp::OperationKind::put);
    REQUIRE(put.destinations.size() == 1);
    CHECK(put.destinations[0].gpu == 0);
    CHECK(put.destinations[0].buffer == mscclpp::BufferKind::scratch);
    CHECK(put.destinations[0].remote);
}

TEST_CASE("mscclpp reader: refusals name the path and the executor's rule") {
    struct Case {
        const char* from;
        const char* to;
        const char* message;
    };
    const Case cases[] = {
        {R"("name": "re")", R"("name": "reduce")",
         "pair.json: gpus[0].threadblocks[0].ops[5].name: MSCCL++ executor: Invalid operation "
         "type: reduce"},
        {R"("type": "s", "access_channel_types")", R"("type": "x", "access_channel_types")",
         "pair.json: gpus[0].remote_buffers[0].type: MSCCL++ executor: Invalid buffer type \"x\" "
         "(i, o or s)"},
        {R"("channel_type": "memory", "connected_to")",
         R"("channel_type": "nvlink", "connected_to")",
         "pair.json: gpus[0].channels[0].channel_type: MSCCL++ executor: Invalid channel type "
         "\"nvlink\" (memory, port, switch or none)"},
        {R"({"id": 1, "input_chunks")", R"({"id": 2, "input_chunks")",
         "pair.json: gpus[1].id: MSCCL++ executor: GPU rank does not match (gpus[1] has id 2)"},
        {R"("channel_ids": [0], "channel_type": "memory"})",
         R"("channel_ids": [1], "channel_type": "memory"})",
         "pair.json: gpus[0].threadblocks[0].ops[0].channel_ids[0]: channel 1 out of range: the "
         "thread block has 1 memory channels"},
        {R"("dst_buff": [{"buffer_id": 0)", R"("dst_buff": [{"buffer_id": 1)",
         "pair.json: gpus[0].threadblocks[0].ops[2].dst_buff[0].buffer_id: remote buffer 1 out of "
         "range: the thread block refers to 1 through memory channels"},
        {R"("src_buff": [{"type": "i", "index": 0, "size": 1}],
   "dst_buff")",
         R"("src_buff": [{"type": "i", "index": 0, "size": 2}],
   "dst_buff")",
         "pair.json: gpus[0].threadblocks[0].ops[2].src_buff[0]: chunks [0, 2) of gpu 0's i "
         "buffer, which has 1 chunks"},
        {R"("protocol": "Simple", )", "", "pair.json: missing field \"protocol\""},
        {R"("connected_to": [1])", R"("connected_to": [0])",
         "pair.json: gpus[0].channels[0].connected_to[0]: a gpu's channel connects to itself"},
        {R"({"id": 1, "input_chunks": 1)", R"({"id": 1, "input_chunks": 0)",
         "pair.json: gpus[1].input_chunks: MSCCL++ executor: checkMessageSize "
         "(execution_plan.cc) divides the message size by input_chunks, so the gpu's executor "
         "cannot load a plan where it is 0"},
        {R"("output_chunks": 1, "scratch_chunks": 1,
 "threadblocks")",
         R"("output_chunks": 0, "scratch_chunks": 1,
 "threadblocks")",
         "pair.json: gpus[0].output_chunks: MSCCL++ executor: checkMessageSize "
         "(execution_plan.cc) divides the message size by output_chunks, so the gpu's executor "
         "cannot load a plan where it is 0"},
    };
    for (const Case& entry : cases) {
        INFO(entry.from);
        const std::string text = replace_first(two_gpu_plan(), entry.from, entry.to);
        std::string message;
        try {
            mscclpp::parse_plan_json(text, "pair.json");
        } catch (const InputError& error) {
            message = error.what();
        }
        CHECK(message == entry.message);
    }
}

TEST_CASE("mscclpp reader: what the executor ignores is a warning, once per kind") {
    std::string text =
        replace_all(two_gpu_plan(), R"("name": "re",)", R"("name": "re", "reduce_op": "sum",)");
    text = replace_first(text, R"("inplace": false,)", R"("inplace": false, "note": "mine",)");
    const mscclpp::Plan plan = mscclpp::parse_plan_json(text, "pair.json");
    REQUIRE(plan.warnings.size() == 2);
    CHECK(plan.warnings[0] ==
          "pair.json: note: field \"note\" of the plan is ignored by the MSCCL++ executor");
    CHECK(plan.warnings[1] ==
          "pair.json: gpus[0].threadblocks[0].ops[5].reduce_op: field \"reduce_op\" of an "
          "operation is ignored by the MSCCL++ executor (and 1 more like it)");
}

TEST_CASE("mscclpp sniffing: a plan by its content, not its name") {
    CHECK(mscclpp::looks_like_mscclpp_plan(two_gpu_plan()));
    CHECK(mscclpp::looks_like_mscclpp_plan("\n  " + two_gpu_plan()));
    CHECK_FALSE(mscclpp::looks_like_mscclpp_plan(
        R"({"schema": "trivcheck.schedule/1", "ranks": 3, "steps": []})"));
    CHECK_FALSE(mscclpp::looks_like_mscclpp_plan("<algo name=\"x\"/>"));
    CHECK_FALSE(mscclpp::looks_like_mscclpp_plan(R"(["gpus", "threadblocks"])"));
}
