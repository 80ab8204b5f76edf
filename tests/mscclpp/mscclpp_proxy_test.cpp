// Port channels as the host proxy runs them (docs/mscclpp.md, Port
// channels): a put is a request the proxy serves later, a port signal is
// served after the channel's earlier puts, a flush with outputs waits for
// them, and nothing else orders the proxy's copy. Each rule: a plan it makes
// violated, with the exact kind and operations, and its fixed twin that holds.
#include <doctest/doctest.h>

#include <set>
#include <string>

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
