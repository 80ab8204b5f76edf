// Packets as the kernel reads them (docs/mscclpp.md, Packets): a packet read
// waits for its packet and orders only that packet's payload; gstorepkt
// reads its source as packets. Each rule: a plan it makes violated, with the
// exact kind and operations, and its fixed twin that holds.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "tests/mscclpp/mscclpp_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

/// Two gpus gather their inputs (LL, double scratch): each copies its input
/// into its output chunk g and sends it to the peer as packets (ppkt into
/// the peer's scratch chunk 0), which the peer unpacks into its output
/// chunk g. With `plain_put`, each also puts its input into the peer's
/// scratch chunk 1 before the packets, and the peer copies that chunk into
/// the same output chunk after unpacking: the plain put taken as published
/// by the packet.
std::string packet_gather(bool plain_put) {
    std::string gpus;
    for (int gpu = 0; gpu < 2; ++gpu) {
        const std::string self = std::to_string(gpu);
        const std::string peer = std::to_string(1 - gpu);
        const std::string put = plain_put ? R"(
  {"name": "put", "channel_ids": [0], "src_buff": [{"type": "i", "index": 0, "size": 1}],
   "dst_buff": [{"buffer_id": 0, "index": 1, "size": 1}], "channel_type": "memory"},
  {"name": "nop"},)"
                                          : "";
        const std::string copy = plain_put ? R"(,
  {"name": "nop"},
  {"name": "copy", "src_buff": [{"type": "s", "index": 1, "size": 1}],
   "dst_buff": [{"type": "o", "index": )" + peer +
                                                 R"(, "size": 1}]})"
                                           : "";
        gpus += std::string(gpu ? "," : "") + R"({"id": )" + self +
                R"(, "input_chunks": 1, "output_chunks": 2, "scratch_chunks": 2,
 "threadblocks": [{"id": 0, "ops": [
  {"name": "copy", "src_buff": [{"type": "i", "index": 0, "size": 1}],
   "dst_buff": [{"type": "o", "index": )" +
                self + R"(, "size": 1}]},)" + put + R"(
  {"name": "ppkt", "channel_ids": [0], "src_buff": [{"type": "i", "index": 0, "size": 1}],
   "dst_buff": [{"buffer_id": 0, "index": 0, "size": 1}], "channel_type": "memory"},
  {"name": "upkt", "src_buff": [{"type": "s", "index": 0, "size": 1}],
   "dst_buff": [{"type": "o", "index": )" +
                peer + R"(, "size": 1}]})" + copy + R"(])" + one_memory_channel_to(peer) + "}";
    }
    return R"({"name": "packets", "collective": "allgather", "protocol": "LL", "inplace": false,
 "use_double_scratch_buffer": true, "gpus": [)" +
           gpus + "]}";
}

/// One gpu, a switch group of itself: thread block 1 stores scratch chunk 0
/// as packets through the switch channel (gstorepkt) into scratch chunk 1;
/// thread block 0 `writes` chunk 0 first (an operation's text, or nothing).
std::string switch_store_packets(const std::string& writes) {
    return R"({"name": "gstorepkt", "collective": "test", "protocol": "LL", "inplace": false,
 "gpus": [{"id": 0, "input_chunks": 1, "output_chunks": 1, "scratch_chunks": 2,
  "threadblocks": [
   {"id": 0, "ops": [)" +
           writes + R"(], "channels": [], "remote_buffer_refs": []},
   {"id": 1, "ops": [{"name": "gstorepkt", "src_buff": [{"type": "s", "index": 0, "size": 1}],
     "dst_buff": [{"switch_channel_id": 0, "index": 1, "size": 1}], "channel_type": "switch"}],
    "channels": [{"channel_type": "switch", "channel_ids": [0]}], "remote_buffer_refs": []}],
  "channels": [{"channel_type": "switch", "buffer_type": "s", "rank_groups": [{"size": 1, "ranks": [0]}]}],
  "remote_buffers": [], "semaphores": []}]})";
}

const std::string copy_packets =
    R"({"name": "cpkt", "src_buff": [{"type": "i", "index": 0, "size": 1}], "dst_buff": [{"type": "s", "index": 0, "size": 1}]})";

}  // namespace

TEST_CASE("mscclpp packets: data sent as packets holds") {
    CHECK(check_plan_text(packet_gather(false)).verdict == Verdict::holds);
}

TEST_CASE("mscclpp packets: a plain put published by a packet") {
    // The packet's flag and data are one store with no fence
    // (packet_device.hpp): the reader runs after the put was issued, but
    // nothing makes the put's data visible to it.
    const Report report = check_plan_text(packet_gather(true));
    CHECK(violated_kinds(report) == std::set<std::string>{"stale_read"});
    CHECK(names_operations(report, "stale_read", "put: writes", "copy: reads"));
}

TEST_CASE("mscclpp packets: gstorepkt waits for its source packets") {
    // handleMultiStorePkt spins on the source's flags: with nothing written
    // there it never returns.
    const Report unwritten = check_plan_text(switch_store_packets(""));
    CHECK(violated_kinds(unwritten) == std::set<std::string>{"packet_unwritten"});
    REQUIRE(!unwritten.violations.empty());
    CHECK(unwritten.violations.front().points.front().note ==
          "gstorepkt: spins on a packet flag no operation writes");
    // Written as packets by another thread block: the flags order the read
    // after the write, no race.
    CHECK(check_plan_text(switch_store_packets(copy_packets)).verdict == Verdict::holds);
}
