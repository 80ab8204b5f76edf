#include "checker/costs/nccl_layout.hpp"

#include <algorithm>
#include <stdexcept>

namespace trivcheck {

namespace {

std::uint64_t div_up(std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; }

// enqueue.cc:585, MinTrafficPerChannel.
constexpr std::uint64_t min_traffic_per_channel = 32 << 10;

/// ncclProtoGrainSize (device.h:328-333): LL 16, LL128 32 · 8 / 16 · 15 · 8
/// = 1920, Simple 512 bytes.
std::uint64_t grain_bytes(NcclProtocol protocol) {
    switch (protocol) {
        case NcclProtocol::ll:
            return 16;
        case NcclProtocol::ll128:
            return 1920;
        case NcclProtocol::simple:
            break;
    }
    return 512;
}

/// comm->buffSizes[p] / NCCL_STEPS (enqueue.cc:2222): init.cc:810-813's
/// defaults, 8 lines · 512 threads · 8 steps · 16 B (LL), 120 · 640 · 8 · 8 B
/// (LL128), 4 MiB (Simple), over NCCL_STEPS = 8 (device.h:26).
std::uint64_t step_bytes(NcclProtocol protocol) {
    switch (protocol) {
        case NcclProtocol::ll:
            return 8 * 512 * 8 * 16 / 8;
        case NcclProtocol::ll128:
            return 120 * 640 * 8 * 8 / 8;
        case NcclProtocol::simple:
            break;
    }
    return (1 << 22) / 8;
}

}  // namespace

int nccl_tree_of_comm_channel(int channel, int search_channels) {
    return channel % (2 * search_channels) < search_channels ? 0 : 1;
}

std::uint64_t nccl_chunk_bytes(const NcclCallShape& call, std::uint64_t part_bytes) {
    // enqueue.cc:2223-2227: Simple ring chunks are ALLREDUCE_CHUNKSTEPS = 4
    // steps (collectives.h:20, collectives.cc:175), every other one step; LL
    // carries half data, LL128 15 of every 16 words.
    const bool simple_ring =
        call.protocol == NcclProtocol::simple && call.algorithm == NcclAlgorithm::ring;
    std::uint64_t chunk = step_bytes(call.protocol) * (simple_ring ? 4 : 1);
    if (call.protocol == NcclProtocol::ll) chunk /= 2;
    if (call.protocol == NcclProtocol::ll128) chunk = chunk / 16 * 15;
    if (call.algorithm == NcclAlgorithm::tree && call.protocol == NcclProtocol::ll128) {
        // enqueue.cc:2286-2294, one GPU per node (ppn = 1, nNodes = n), one channel.
        const float steps =
            1 + static_cast<float>(nccl_log2i(static_cast<std::uint64_t>(call.ranks))) + 0.1f * 1;
        while (static_cast<float>(part_bytes / chunk) < steps * 64 / 1 && chunk > 131072)
            chunk /= 2;
        while (static_cast<float>(part_bytes / chunk) < steps * 16 / 1 && chunk > 32768) chunk /= 2;
    }
    // enqueue.cc:2321: a whole number of grains.
    return chunk / grain_bytes(call.protocol) * grain_bytes(call.protocol);
}

void nccl_channel_parts(const NcclCallShape& call, std::vector<NcclChannelPart>& parts) {
    parts.clear();
    if (call.count == 0) return;
    const std::uint64_t element = static_cast<std::uint64_t>(call.element_size);
    const std::uint64_t comm_channels = static_cast<std::uint64_t>(call.comm_channels);
    // enqueue.cc:597-618, the call alone in its plan: task->trafficBytes is
    // count · size · 2 for all-reduce (enqueue.cc:2738, ncclFuncTrafficPerByte).
    const std::uint64_t traffic = std::max(min_traffic_per_channel, call.count * element * 2);
    const std::uint64_t channels =
        std::min(static_cast<std::uint64_t>(call.call_channels), comm_channels);
    const std::uint64_t traffic_per_channel = div_up(traffic / channels, 16) * 16;
    // enqueue.cc:657-665: LL moves 4 times its bytes.
    const std::uint64_t traffic_per_byte = call.protocol == NcclProtocol::ll ? 8 : 2;
    const std::uint64_t cell_size =
        div_up(div_up(min_traffic_per_channel, traffic_per_byte), 16) * 16;
    const std::uint64_t elements_per_cell = cell_size / element;
    const std::uint64_t cells = div_up(call.count * element, cell_size);
    const std::uint64_t traffic_per_cell = cell_size * traffic_per_byte;
    std::uint64_t cells_per_channel =
        std::min(cells, div_up(traffic_per_channel, traffic_per_cell));
    // enqueue.cc:666-672 with channelId = 0 and no traffic before.
    const std::uint64_t cells_lo =
        comm_channels == 1 ? cells : std::min(cells, div_up(traffic_per_channel, traffic_per_cell));
    std::uint64_t mid_channels = (cells - cells_lo) / cells_per_channel;
    std::uint64_t cells_hi = (cells - cells_lo) % cells_per_channel;
    const std::uint64_t used = 1 + mid_channels + (cells_hi != 0 ? 1 : 0);
    if (comm_channels < used) {  // enqueue.cc:675-680
        mid_channels = comm_channels - 2;
        cells_per_channel = (cells - cells_lo) / (mid_channels + 1);
        cells_hi = cells_per_channel + (cells - cells_lo) % (mid_channels + 1);
    }
    if (cells_hi == 0 && mid_channels != 0) {  // enqueue.cc:681-684
        cells_hi = cells_per_channel;
        mid_channels -= 1;
    }
    // enqueue.cc:696-699: the last part gives back what the cells round up.
    const std::uint64_t count_mid = mid_channels != 0 ? cells_per_channel * elements_per_cell : 0;
    std::uint64_t count_lo = cells_lo * elements_per_cell;
    std::uint64_t count_hi = cells_hi * elements_per_cell;
    (count_hi != 0 ? count_hi : count_lo) -= cells * elements_per_cell - call.count;

    std::uint64_t offset = 0;
    auto add = [&](std::uint64_t count) {
        const std::uint64_t chunk = nccl_chunk_bytes(call, count * element) / element;
        parts.push_back({static_cast<int>(parts.size()), offset, count, chunk});
        offset += count;
    };
    add(count_lo);
    for (std::uint64_t mid = 0; mid < mid_channels; ++mid) add(count_mid);
    if (cells_hi != 0) add(count_hi);
}

NcclElementPlace nccl_element_place(const NcclCallShape& call,
                                    const std::vector<NcclChannelPart>& parts,
                                    std::uint64_t element) {
    auto part = std::upper_bound(
        parts.begin(), parts.end(), element,
        [](std::uint64_t value, const NcclChannelPart& p) { return value < p.offset + p.count; });
    if (part == parts.end()) throw std::out_of_range("nccl_element_place: element past the call");
    NcclElementPlace place;
    place.channel = part->channel;
    place.tree = nccl_tree_of_comm_channel(part->channel, call.search_channels);
    if (call.algorithm != NcclAlgorithm::ring) return place;
    // all_reduce.h:34-38 (runRing): loops of n chunks; the last, shorter loop
    // re-cuts its rest into chunks of alignUp(divUp(rest, n), 16 / size).
    const std::uint64_t n = static_cast<std::uint64_t>(call.ranks);
    const std::uint64_t offset = element - part->offset;
    const std::uint64_t loop_count = n * part->chunk_count;
    place.loop = offset / loop_count;
    const std::uint64_t loop_start = place.loop * loop_count;
    std::uint64_t chunk_count = part->chunk_count;
    const std::uint64_t rest = part->count - loop_start;
    if (rest < loop_count) {
        const std::uint64_t align = 16 / static_cast<std::uint64_t>(call.element_size);
        chunk_count = div_up(div_up(rest, n), align) * align;
    }
    place.chunk = static_cast<int>((offset - loop_start) / chunk_count);
    return place;
}

}  // namespace trivcheck
