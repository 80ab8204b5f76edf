// How NCCL 2.30.7 cuts an all-reduce over channels, loops and chunks
// (checker/costs/nccl_layout), and which order each element is summed in
// (nccl_sum_orders): figures worked out by hand from enqueue.cc's
// scheduleCollTasksToPlan and calcCollChunking and all_reduce.h's runRing.
#include "checker/costs/nccl_layout.hpp"

#include <doctest/doctest.h>

#include "checker/costs/nccl_order_trees.hpp"
#include "checker/costs/nccl_sum_orders.hpp"

using namespace trivcheck;

namespace {

NcclCallShape ring_call(NcclProtocol protocol, std::uint64_t count) {
    NcclCallShape call;
    call.algorithm = NcclAlgorithm::ring;
    call.protocol = protocol;
    call.ranks = 16;
    call.search_channels = 2;
    call.comm_channels = 4;
    call.call_channels = 4;
    call.element_size = 4;
    call.count = count;
    return call;
}

std::vector<NcclChannelPart> parts_of(const NcclCallShape& call) {
    std::vector<NcclChannelPart> parts;
    nccl_channel_parts(call, parts);
    return parts;
}

NcclSumOrderRequest hopper_request(std::uint64_t low, std::uint64_t high) {
    NcclSetting setting;
    setting.ranks = 16;
    NcclSumOrderRequest request;
    request.tuning = nccl_tune_model(setting, NcclCollective::all_reduce);
    request.low_bytes = low;
    request.high_bytes = high;
    return request;
}

}  // namespace

TEST_CASE("32 MiB of f32 on 4 channels, Ring/Simple: four parts of 8 MiB, one short loop each") {
    // 2,048 cells of 16 KiB, 512 a channel: lo, two mid, hi; runRing's one
    // loop re-cuts 2,097,152 elements into chunks of 131,072.
    const NcclCallShape call = ring_call(NcclProtocol::simple, 8 * 1024 * 1024);
    const auto parts = parts_of(call);
    REQUIRE(parts.size() == 4);
    for (int c = 0; c < 4; ++c) {
        CHECK(parts[c].offset == 2097152u * static_cast<unsigned>(c));
        CHECK(parts[c].count == 2097152u);
        CHECK(parts[c].chunk_count == 524288u);  // 2 MiB: 4 steps of 512 KiB
    }
    CHECK(nccl_element_place(call, parts, 1000000).chunk == 7);
    const NcclElementPlace place = nccl_element_place(call, parts, 3000000);
    CHECK(place.channel == 1);
    CHECK(place.loop == 0);
    CHECK(place.chunk == 6);
}

TEST_CASE("LL's traffic is 4 times its bytes: 64 KiB overflows the channels, 1 + 5 + 5 + 5 cells") {
    const NcclCallShape call = ring_call(NcclProtocol::ll, 16384);
    const auto parts = parts_of(call);
    REQUIRE(parts.size() == 4);
    const std::uint64_t offsets[] = {0, 1024, 6144, 11264}, counts[] = {1024, 5120, 5120, 5120};
    for (int c = 0; c < 4; ++c) {
        CHECK(parts[c].offset == offsets[c]);
        CHECK(parts[c].count == counts[c]);
    }
    // 1,024 elements in one loop: chunks of alignUp(divUp(1024, 16), 4) = 64.
    CHECK(nccl_element_place(call, parts, 100).chunk == 1);
}

TEST_CASE("Tree/LL128's chunk shrinks with its part; channels go to tree 0 then tree 1") {
    NcclCallShape call = ring_call(NcclProtocol::ll128, 0);
    call.algorithm = NcclAlgorithm::tree;
    // 576,000 B halved while a part holds fewer than 5.1 · 64 of them: 72,000,
    // then 71,040 (37 grains of 1,920); a small part: 18,000 -> 17,280.
    CHECK(nccl_chunk_bytes(call, 8 * 1024 * 1024) == 71040);
    CHECK(nccl_chunk_bytes(call, 4096) == 17280);
    CHECK(nccl_chunk_bytes(ring_call(NcclProtocol::ll128, 0), 4096) == 576000);
    const int trees[] = {0, 0, 1, 1, 0, 0, 1, 1};
    for (int channel = 0; channel < 8; ++channel)
        CHECK(nccl_tree_of_comm_channel(channel, 2) == trees[channel]);
}

TEST_CASE("Element 0 on 16 ranks changes order once, where NCCL goes from Tree to Ring") {
    // Tree/LL128 until 8.619 MiB, then Ring/LL128 (docs/cost-model.md).
    NcclSumOrderRequest request = hopper_request(8 << 20, 9 << 20);
    request.elements = {0};
    const NcclSumOrders orders = nccl_sum_orders(request);
    REQUIRE(orders.elements.size() == 1);
    const auto& changes = orders.elements[0].order_changes;
    REQUIRE(changes.size() == 1);
    // The first whole f32 count at or past the band's first byte.
    CHECK(changes[0] == (orders.bands.at(1).from + 3) / 4);
    CHECK(orders.elements[0].runs.front().order == NcclSumOrder{NcclAlgorithm::tree, 0});
    CHECK(orders.elements[0].runs.back().order == NcclSumOrder{NcclAlgorithm::ring, 0});
}

TEST_CASE("1 MiB and 2 MiB differ first at element 131,072: tree 1 at 1 MiB, tree 0 at 2 MiB") {
    NcclSumOrderRequest request = hopper_request(4, 4);
    request.between = {{1 << 20, 2 << 20}};
    const NcclSumOrders orders = nccl_sum_orders(request);
    REQUIRE(orders.between);
    CHECK(orders.between->common_elements == 262144);
    REQUIRE(orders.between->first_difference);
    CHECK(*orders.between->first_difference == 131072);
    CHECK(orders.between->first_order == NcclSumOrder{NcclAlgorithm::tree, 1});
    CHECK(orders.between->second_order == NcclSumOrder{NcclAlgorithm::tree, 0});
    request.between = {{1 << 20, 1 << 20}};
    CHECK_FALSE(nccl_sum_orders(request).between->first_difference);
}

TEST_CASE("The orders' trees, read from nccl_ring and nccl_tree, are the same at every rank") {
    const auto ring = nccl_order_trees(4, {{NcclAlgorithm::ring, 0}}, 0);
    REQUIRE(ring.size() == 1);
    CHECK(ring[0].text == "0+((1+2)+3)");
    CHECK(ring[0].ranks_agree);
    const auto tree = nccl_order_trees(8, {{NcclAlgorithm::tree, 0}, {NcclAlgorithm::tree, 1}}, 0);
    CHECK(tree[0].text == "0+((((1+2)+3)+4)+((5+6)+7))");
    CHECK(tree[1].text == "((0+(1+2))+(3+(4+(5+6))))+7");
    CHECK((tree[0].ranks_agree && tree[1].ranks_agree));
}
