// Launches as the executor makes them (docs/mscclpp.md, Launches): with
// use_double_scratch_buffer the scratch halves alternate by the flag's
// parity (executor.cc launchKernelHelper), so launch 3 reuses launch 1's
// half; such plans run three launches. Each rule: a plan it makes violated,
// with the exact kind and operations, and its fixed twin that holds.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "checker/mscclpp/one_sided_run.hpp"
#include "tests/mscclpp/mscclpp_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

/// Gpu 0 sends its input to gpu 1's scratch chunk 0 as packets (ppkt);
/// gpu 1 unpacks them into its output. With `ack`, gpu 1 then signals and
/// gpu 0 waits for that signal after its ppkt: gpu 0's next launch starts
/// after gpu 1 has read. Gpu 0: 0 ppkt (, 1 wait); gpu 1: 0 upkt (, 1 nop,
/// 2 signal).
std::string one_way_packets(bool ack, bool double_scratch) {
    const std::string wait =
        ack ? R"(, {"name": "wait", "channel_ids": [0], "channel_type": "memory"})" : "";
    const std::string signal =
        ack ? R"(, {"name": "nop"}, {"name": "signal", "channel_ids": [0], "channel_type": "memory"})"
            : "";
    return R"({"name": "one-way", "collective": "test", "protocol": "LL", "inplace": false,
 "use_double_scratch_buffer": )" +
           std::string(double_scratch ? "true" : "false") + R"(, "gpus": [
 {"id": 0, "input_chunks": 1, "output_chunks": 1, "scratch_chunks": 0,
  "threadblocks": [{"id": 0, "ops": [{"name": "ppkt",
     "src_buff": [{"type": "i", "index": 0, "size": 1}],
     "dst_buff": [{"buffer_id": 0, "index": 0, "size": 1}], "channel_type": "memory"})" +
           wait + R"(],
    "channels": [{"channel_type": "memory", "channel_ids": [0]}],
    "remote_buffer_refs": [{"access_channel_type": "memory", "remote_buffer_ids": [0]}]}],
  "channels": [{"channel_type": "memory", "connected_to": [1]}],
  "remote_buffers": [{"rank": 1, "type": "s", "access_channel_types": ["memory"]}],
  "semaphores": []},
 {"id": 1, "input_chunks": 1, "output_chunks": 1, "scratch_chunks": 1,
  "threadblocks": [{"id": 0, "ops": [{"name": "upkt",
     "src_buff": [{"type": "s", "index": 0, "size": 1}],
     "dst_buff": [{"type": "o", "index": 0, "size": 1}]})" +
           signal + R"(],
    "channels": [{"channel_type": "memory", "channel_ids": [0]}]}],
  "channels": [{"channel_type": "memory", "connected_to": [0]}],
  "remote_buffers": [], "semaphores": []}]})";
}

}  // namespace

TEST_CASE("mscclpp launches: three with double scratch, two without") {
    CHECK(mscclpp::launches_of(mscclpp::parse_plan_json(one_way_packets(false, true), "a.json")) ==
          3);
    CHECK(mscclpp::launches_of(mscclpp::parse_plan_json(one_way_packets(false, false), "b.json")) ==
          2);
}

TEST_CASE("mscclpp launches: a one-way packet sender on double scratch") {
    // Nothing holds gpu 0 back: its launch 3 writes the half gpu 1's launch
    // 1 may still be unpacking.
    const Report report = check_plan_text(one_way_packets(false, true));
    CHECK(violated_kinds(report) == std::set<std::string>{"race"});
    CHECK(names_operations(report, "race", "upkt: reads", "ppkt, launch 3: writes"));
    // gpu 1's acknowledgement: gpu 0's next launch starts after gpu 1 read.
    CHECK(check_plan_text(one_way_packets(true, true)).verdict == Verdict::holds);
}

TEST_CASE("mscclpp launches: a one-way packet sender on one scratch buffer") {
    // The same with one scratch half: launch 2 already overwrites it.
    const Report report = check_plan_text(one_way_packets(false, false));
    CHECK(violated_kinds(report) == std::set<std::string>{"race"});
    CHECK(names_operations(report, "race", "upkt: reads", "ppkt, launch 2: writes"));
    CHECK(check_plan_text(one_way_packets(true, false)).verdict == Verdict::holds);
}
