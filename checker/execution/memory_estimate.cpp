#include "checker/execution/memory_estimate.hpp"

#include <algorithm>

#include "checker/core/resource_limit.hpp"
#include "checker/execution/executor.hpp"

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

std::uint64_t header_memory_lower_bound(const Schedule& header) {
    const auto cells = static_cast<std::uint64_t>(header.buffer_count()) *
                       static_cast<std::uint64_t>(header.blocks);
    return cells * sizeof(SetId) + per_rank_figures_memory(header);
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

namespace {

/// The paper's step count for `request`, or 0 when there is none.
std::uint64_t formula_steps(const GeneratorRequest& request) {
    if (request.topology.kind != TopologyKind::ring || request.topology.dims.size() != 1) return 0;
    const AlgorithmInfo* info = algorithm_named(request.algo);
    if (info == nullptr || info->formulas.ring == nullptr) return 0;
    const int ranks = request.topology.dims.front();
    if (ranks < 2) return 0;
    return static_cast<std::uint64_t>(std::max(0, info->formulas.ring(request.form, ranks).steps));
}

}  // namespace

std::uint64_t generated_memory_lower_bound(const GeneratorRequest& request) {
    // A step's own record and one message's: what any step of any generator holds.
    return formula_steps(request) * (sizeof(Step) + sizeof(Transfer));
}

void refuse_generation_above_limit(const GeneratorRequest& request, const std::string& what,
                                   std::uint64_t limit_bytes) {
    const std::uint64_t limit = memory_limit_or_default(limit_bytes);
    const std::uint64_t least = generated_memory_lower_bound(request);
    if (least > limit)
        throw ResourceLimit(what + " (" + std::to_string(formula_steps(request)) +
                            " steps) needs at least " + std::to_string(least >> 20) +
                            " MiB to build, more than the limit of " + std::to_string(limit >> 20) +
                            " MiB; refused before building it");
}

}  // namespace trivcheck
