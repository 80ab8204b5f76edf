// Port channels as the host proxy runs them (docs/mscclpp.md, Port
// channels): a put is a request the proxy serves later, a port signal is
// served after the channel's earlier puts, a flush with outputs waits for
// them, and nothing else orders the proxy's copy. Each rule: a plan it makes
// violated, with the exact kind and operations, and its fixed twin that holds.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "checker/core/input_error.hpp"
#include "tests/mscclpp/mscclpp_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

TEST_CASE("mscclpp proxy: a port put published by a port signal, acknowledged, holds") {
    CHECK(check_plan_text(port_plan("port", "", true)).verdict == Verdict::holds);
}

TEST_CASE("mscclpp proxy: a port put published by a memory-channel signal") {
    // The memory signal is the thread block's; the proxy may not have
    // copied yet when the peer reads its scratch.
    const Report report = check_plan_text(port_plan("memory", "", true));
    CHECK(violated_kinds(report) == std::set<std::string>{"race"});
    CHECK(names_operations(report, "race", "put: writes by the proxy of port channel 0",
                           "re: reads"));
}

TEST_CASE("mscclpp proxy: a memory-channel signal after a flush with outputs publishes the put") {
    // waitFlush returns once the proxy completed the put: what the flushing
    // thread signals after it includes the put.
    CHECK(check_plan_text(port_plan("memory", flush_with_outputs, false)).verdict ==
          Verdict::holds);
}

TEST_CASE("mscclpp proxy: a flush without outputs before the source is rewritten") {
    // handleFlush flushes op.nOutputs channels: none. Nothing tells gpu g
    // the proxy has read its input before the caller writes the next one.
    const mscclpp::Plan plan =
        mscclpp::parse_plan_json(port_plan("port", flush_without_outputs, false), "flush.json");
    REQUIRE(plan.warnings.size() == 1);
    CHECK(plan.warnings.front().find("flush without dst_buff does nothing") != std::string::npos);
    const Report report = mscclpp::check_plan(plan);
    CHECK(violated_kinds(report) == std::set<std::string>{"race"});
    CHECK(names_operations(report, "race", "put: reads by the proxy of port channel 0",
                           "the caller after launch 1: writes"));
    // With outputs the flush waits for the proxy: the caller rewrites the input after.
    CHECK(check_plan_text(port_plan("port", flush_with_outputs, false)).verdict == Verdict::holds);
}

TEST_CASE("mscclpp proxy: a port put's source rewritten with neither flush nor acknowledgement") {
    // The peer's port signal says its own put landed, not ours.
    const Report report = check_plan_text(port_plan("port", "", false));
    CHECK(violated_kinds(report) == std::set<std::string>{"race"});
    CHECK(names_operations(report, "race", "put: reads by the proxy of port channel 0",
                           "the caller after launch 1: writes"));
}

TEST_CASE("mscclpp proxy: a port put without channel_ids goes through port channel 0") {
    // setupOperation leaves channelIndexes 0 past channel_ids (the Operation
    // is value-initialized) and handlePut's thread tid takes
    // channelIndexes[tid]: the put goes through the thread block's first
    // port channel, here the one it names in port_plan.
    const std::string unnamed =
        replace_all(port_plan("port", "", true), R"({"name": "put", "channel_ids": [0], )",
                    R"({"name": "put", )");
    const mscclpp::Plan plan = mscclpp::parse_plan_json(unnamed, "unnamed.json");
    REQUIRE(plan.warnings.size() == 1);
    CHECK(plan.warnings.front().find("put on a port channel with 0 channel_ids for 1 dst_buff "
                                     "entries") != std::string::npos);
    CHECK(plan.warnings.front().find("(and 1 more") != std::string::npos);
    const Report report = mscclpp::check_plan(plan);
    CHECK(report.verdict == Verdict::holds);
    CHECK(report.checks.at("postcondition").verdict == Verdict::holds);
    // A thread block with no port channel: the kernel would take a zeroed
    // channel handle; refused, naming the rule.
    const std::string no_port_channel = replace_all(
        replace_all(
            two_gpu_plan_joined(),
            R"("dst_buff": [{"buffer_id": 0, "index": 0, "size": 1}], "channel_type": "memory")",
            R"("dst_buff": [{"buffer_id": 0, "index": 0, "size": 1}], "channel_type": "port")"),
        R"("remote_buffer_refs": [{"access_channel_type": "memory", "remote_buffer_ids": [0]}])",
        R"("remote_buffer_refs": [{"access_channel_type": "port", "remote_buffer_ids": [0]}])");
    std::string refusal;
    try {
        mscclpp::parse_plan_json(
            replace_all(no_port_channel, R"("access_channel_types": ["memory"])",
                        R"("access_channel_types": ["port"])"),
            "none.json");
    } catch (const InputError& error) {
        refusal = error.what();
    }
    CHECK(refusal.find("gpus[0].threadblocks[0].ops[3]") != std::string::npos);
    CHECK(refusal.find("channelIndexes[tid]") != std::string::npos);
    CHECK(refusal.find("the thread block has no port channel 0") != std::string::npos);
}
