#include "checker/execution/reference_bounds.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <vector>

#include "checker/execution/bounds_check.hpp"

namespace trivcheck {

namespace {

template <class Value>
Value for_step(const std::vector<Value>& values, std::size_t step) {
    return values.size() == 1 ? values[0] : values.at(step);
}

/// True when the message src -> dst goes the + way round a ring of n.
bool goes_plus(int src, int dst, Route route, int n) {
    if (route == Route::plus) return true;
    if (route == Route::minus) return false;
    const int forward = ((dst - src) % n + n) % n;
    return forward <= n - forward;
}

}  // namespace

std::optional<std::string> reference_bound_violation(const Schedule& schedule,
                                                     const Bounds& bounds) {
    if (schedule.topology.kind != TopologyKind::ring)
        throw std::invalid_argument(schedule.name + ": the reference bounds walk knows rings only");
    const int n = schedule.ranks;
    const double blocks = schedule.blocks;
    const std::size_t step_count = schedule.steps.size();
    if (bounds.steps && static_cast<int>(step_count) > *bounds.steps)
        return "steps: " + std::to_string(step_count) + " > " + std::to_string(*bounds.steps);
    // In blocks, divided once at the end, as the executor's figure: the two
    // compare with the declared bound exactly, with no tolerance.
    std::int64_t theta_blocks = 0;
    // Phase label -> blocks each rank sent in it.
    std::map<std::string, std::vector<std::int64_t>> phase_blocks;
    for (std::size_t k = 0; k < step_count; ++k) {
        // Links 0..n-1: i -> i+1; n..2n-1: i -> i-1.
        std::vector<std::int64_t> chunks(2 * static_cast<std::size_t>(n), 0);
        std::vector<std::int64_t> link_blocks(chunks.size(), 0);
        auto& sent = phase_blocks[schedule.steps[k].phase];
        sent.resize(static_cast<std::size_t>(n), 0);
        for (const Transfer& transfer : schedule.steps[k].transfers) {
            const auto size = static_cast<std::int64_t>(transfer.blocks.size());
            sent[static_cast<std::size_t>(transfer.src)] += size;
            const bool plus = goes_plus(transfer.src, transfer.dst, transfer.route, n);
            for (int at = transfer.src; at != transfer.dst;) {
                const auto link = static_cast<std::size_t>(plus ? at : n + at);
                ++chunks[link];
                link_blocks[link] += size;
                at = ((plus ? at + 1 : at - 1) % n + n) % n;
            }
        }
        const std::int64_t most_chunks = *std::max_element(chunks.begin(), chunks.end());
        const std::int64_t most_blocks = *std::max_element(link_blocks.begin(), link_blocks.end());
        const double most_bytes = static_cast<double>(most_blocks) / blocks;
        theta_blocks += most_blocks;
        if (!bounds.link_chunks.empty() && most_chunks > for_step(bounds.link_chunks, k))
            return "link_chunks in step " + std::to_string(k) + ": " + std::to_string(most_chunks) +
                   " > " + std::to_string(for_step(bounds.link_chunks, k));
        if (!bounds.link_bytes.empty() && most_bytes > for_step(bounds.link_bytes, k))
            return "link_bytes in step " + std::to_string(k) + ": " + shortest_text(most_bytes) +
                   " m > " + shortest_text(for_step(bounds.link_bytes, k)) + " m";
    }
    if (bounds.bytes_per_rank_per_phase)
        for (const auto& [phase, sent] : phase_blocks) {
            const double most =
                static_cast<double>(*std::max_element(sent.begin(), sent.end())) / blocks;
            if (most > *bounds.bytes_per_rank_per_phase)
                return "bytes_per_rank_per_phase in " + phase + ": " + shortest_text(most) +
                       " m > " + shortest_text(*bounds.bytes_per_rank_per_phase) + " m";
        }
    const double theta = static_cast<double>(theta_blocks) / blocks;
    if (bounds.theta && theta > *bounds.theta)
        return "theta: " + shortest_text(theta) + " > " + shortest_text(*bounds.theta);
    return std::nullopt;
}

}  // namespace trivcheck
