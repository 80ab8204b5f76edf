#include "checker/execution/memory_estimate.hpp"

#include <algorithm>
#include <cstdint>

#include "checker/core/resource_limit.hpp"
#include "checker/core/saturating.hpp"
#include "checker/execution/executor.hpp"
#include "checker/execution/generation_estimate.hpp"

namespace trivcheck {

std::uint64_t per_rank_figures_memory(const Schedule& header) {
    const auto ranks = static_cast<std::uint64_t>(header.ranks);
    // Directed links: 2 per rank on a ring, 2D on a D-dimensional torus; a
    // graph's 2 per edge, read as such (its adjacency lists cost as much again).
    std::uint64_t links = 2 * ranks;
    if (header.topology.kind == TopologyKind::torus)
        links = 2 * ranks * std::max<std::uint64_t>(1, header.topology.dims.size());
    if (header.topology.kind == TopologyKind::graph)
        links = 4 * static_cast<std::uint64_t>(header.topology.edges.size()) + ranks;
    // Chunks and blocks per link (8 bytes each); sends, receives, arrivals and
    // bytes sent per rank (about 28 bytes).
    return links * 16 + ranks * 28;
}

namespace {

/// The cells `ranks_kept` ranks keep (buffers x blocks each, a set id a cell)
/// and the per-rank figures, saturating.
std::uint64_t cells_memory(const Schedule& header, std::uint64_t ranks_kept) {
    const std::uint64_t cells = saturating_multiply(
        saturating_multiply(ranks_kept, static_cast<std::uint64_t>(header.buffer_count())),
        static_cast<std::uint64_t>(header.blocks));
    return saturating_add(saturating_multiply(cells, sizeof(SetId)),
                          per_rank_figures_memory(header));
}

}  // namespace

std::uint64_t header_memory_lower_bound(const Schedule& header) { return cells_memory(header, 1); }

std::uint64_t whole_run_memory_lower_bound(const Schedule& header) {
    return cells_memory(header, static_cast<std::uint64_t>(header.ranks));
}

void refuse_header_above_limit(const Schedule& header, const std::string& file,
                               std::uint64_t limit_bytes) {
    const std::uint64_t limit = memory_limit_or_default(limit_bytes);
    const std::uint64_t least = header_memory_lower_bound(header);
    const std::string name = header.name.empty() ? "" : " " + header.name;
    if (least > limit)
        throw ResourceLimit(file + ": checking" + name + " (" + std::to_string(header.ranks) +
                            " ranks, " + std::to_string(header.blocks) +
                            " blocks) needs at least " + std::to_string(least >> 20) +
                            " MiB, more than the limit of " + std::to_string(limit >> 20) +
                            " MiB; refused before reading its steps");
}

std::uint64_t generated_memory_lower_bound(const GeneratorRequest& request, GenerationUse use) {
    const GenerationCount count = count_generation(request, use.orbit_allowed);
    if (!use.executed || count.bytes == 0) return count.bytes;
    // The executor's link loads and per-rank figures: the topology's alone.
    Schedule header;
    header.topology = request.topology;
    header.ranks = request.topology.rank_count();
    const std::uint64_t figures = per_rank_figures_memory(header);
    return saturating_add(count.bytes, figures);
}

void refuse_generation_above_limit(const GeneratorRequest& request, const std::string& what,
                                   std::uint64_t limit_bytes, GenerationUse use) {
    const std::uint64_t limit = memory_limit_or_default(limit_bytes);
    const std::uint64_t least = generated_memory_lower_bound(request, use);
    if (least > limit)
        throw ResourceLimit(
            what + " (" + describe_generation(count_generation(request, use.orbit_allowed)) +
            ") needs at least " + std::to_string(least >> 20) + " MiB to " +
            (use.executed ? "build and check" : "build") + ", more than the limit of " +
            std::to_string(limit >> 20) + " MiB; refused before building it");
}

}  // namespace trivcheck
