#include "checker/costs/nccl_sum_orders.hpp"

#include <algorithm>

namespace trivcheck {

namespace {

/// The element where an order starts in a call, for every run of elements
/// with one order, in buffer order (the parts, runRing's loops and chunks).
struct OrderSegment {
    std::uint64_t start = 0;
    NcclSumOrder order;
};

std::vector<OrderSegment> order_segments(const NcclCallShape& call,
                                         const std::vector<NcclChannelPart>& parts) {
    std::vector<OrderSegment> segments;
    for (const NcclChannelPart& part : parts) {
        if (call.algorithm != NcclAlgorithm::ring) {
            segments.push_back({part.offset, nccl_sum_order(call, parts, part.offset)});
            continue;
        }
        // Each loop's chunk starts, placed as nccl_element_place places them.
        std::uint64_t start = part.offset;
        const std::uint64_t end = part.offset + part.count;
        while (start < end) {
            const NcclElementPlace place = nccl_element_place(call, parts, start);
            segments.push_back({start, {NcclAlgorithm::ring, place.chunk}});
            // The next element in another chunk: the first past this chunk.
            std::uint64_t low = start, high = end;
            while (high - low > 1) {
                const std::uint64_t middle = low + (high - low) / 2;
                const NcclElementPlace other = nccl_element_place(call, parts, middle);
                (other.loop == place.loop && other.chunk == place.chunk ? low : high) = middle;
            }
            start = high;
        }
    }
    return segments;
}

NcclSizeComparison compare_sizes(const NcclSumOrderRequest& request, std::uint64_t first,
                                 std::uint64_t second) {
    const std::uint64_t element = static_cast<std::uint64_t>(request.element_size);
    NcclSizeComparison comparison{first, second, std::min(first, second) / element, {}, {}, {}};
    std::vector<OrderSegment> segments[2];
    const std::uint64_t bytes[2] = {first, second};
    for (int side = 0; side < 2; ++side) {
        const std::uint64_t count = bytes[side] / element;
        if (count == 0) return comparison;
        const NcclChoice choice = nccl_choose(request.tuning, count * element);
        const NcclCallShape call = nccl_call_shape(request.tuning, choice.candidate,
                                                   choice.channels, request.element_size, count);
        std::vector<NcclChannelPart> parts;
        nccl_channel_parts(call, parts);
        segments[side] = order_segments(call, parts);
    }
    // Merge the two lists of starts: the orders only change at a start.
    std::size_t a = 0, b = 0;
    std::uint64_t position = 0;
    while (position < comparison.common_elements) {
        while (a + 1 < segments[0].size() && segments[0][a + 1].start <= position) ++a;
        while (b + 1 < segments[1].size() && segments[1][b + 1].start <= position) ++b;
        if (!(segments[0][a].order == segments[1][b].order)) {
            comparison.first_difference = position;
            comparison.first_order = segments[0][a].order;
            comparison.second_order = segments[1][b].order;
            return comparison;
        }
        std::uint64_t next = comparison.common_elements;
        if (a + 1 < segments[0].size()) next = std::min(next, segments[0][a + 1].start);
        if (b + 1 < segments[1].size()) next = std::min(next, segments[1][b + 1].start);
        position = next;
    }
    return comparison;
}

}  // namespace

std::string to_string(const NcclSumOrder& order) {
    return (order.algorithm == NcclAlgorithm::ring ? "ring chunk " : "tree ") +
           std::to_string(order.index);
}

NcclCallShape nccl_call_shape(const NcclTuning& tuning, int candidate, int channels,
                              int element_size, std::uint64_t count) {
    const NcclCandidate& picked = tuning.candidates[static_cast<std::size_t>(candidate)];
    NcclCallShape call;
    call.algorithm = picked.algorithm;
    call.protocol = picked.protocol;
    call.ranks = tuning.setting.ranks;
    call.search_channels = tuning.setting.channels;
    call.comm_channels = tuning.comm_channels;
    call.call_channels = channels;
    call.element_size = element_size;
    call.count = count;
    return call;
}

NcclSumOrder nccl_sum_order(const NcclCallShape& call, const std::vector<NcclChannelPart>& parts,
                            std::uint64_t element) {
    const NcclElementPlace place = nccl_element_place(call, parts, element);
    if (call.algorithm == NcclAlgorithm::ring) return {NcclAlgorithm::ring, place.chunk};
    return {NcclAlgorithm::tree, place.tree};
}

NcclSumOrders nccl_sum_orders(const NcclSumOrderRequest& request) {
    NcclSumOrders result;
    result.request = request;
    result.bands = nccl_bands(request.tuning, request.low_bytes, request.high_bytes);
    const std::uint64_t element = static_cast<std::uint64_t>(request.element_size);
    for (std::uint64_t position : request.elements) result.elements.push_back({position, {}, {}});
    std::vector<NcclChannelPart> parts;
    std::size_t band = 0;
    const std::uint64_t low =
        std::max<std::uint64_t>(1, (request.low_bytes + element - 1) / element);
    for (std::uint64_t count = low; count * element <= request.high_bytes; ++count) {
        const std::uint64_t bytes = count * element;
        while (band + 1 < result.bands.size() && result.bands[band].to <= bytes) ++band;
        const NcclBand& pick = result.bands[band];
        const NcclCallShape call = nccl_call_shape(request.tuning, pick.candidate, pick.channels,
                                                   request.element_size, count);
        bool parts_ready = false;
        for (NcclElementOrders& orders : result.elements) {
            if (orders.element >= count) continue;
            if (!parts_ready) nccl_channel_parts(call, parts);
            parts_ready = true;
            const NcclElementPlace place = nccl_element_place(call, parts, orders.element);
            const NcclSumOrder order = nccl_sum_order(call, parts, orders.element);
            NcclSumRun* last = orders.runs.empty() ? nullptr : &orders.runs.back();
            if (last && last->order == order && last->candidate == pick.candidate &&
                last->channels == pick.channels) {
                last->to_count = count + 1;
                continue;
            }
            if (last && !(last->order == order)) orders.order_changes.push_back(count);
            orders.runs.push_back({count, count + 1, pick.candidate, pick.channels, order, place});
        }
    }
    if (request.between)
        result.between = compare_sizes(request, request.between->first, request.between->second);
    return result;
}

}  // namespace trivcheck
