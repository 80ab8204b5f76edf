#include "checker/provenance.hpp"

namespace trivcheck {

namespace {

/// Beyond this, copies of a contribution at one rank are no longer told apart:
/// the first few paths are what a person can act on.
constexpr std::size_t max_paths_per_rank = 4;

void append_capped(std::vector<Path>& into, const std::vector<Path>& from, const Hop& hop) {
    for (const Path& path : from) {
        if (into.size() >= max_paths_per_rank) return;
        Path extended = path;
        extended.push_back(hop);
        into.push_back(std::move(extended));
    }
}

}  // namespace

std::vector<Path> trace_copies(const Schedule& schedule, int step, int rank, int block,
                               int contributor) {
    const auto n = static_cast<std::size_t>(schedule.ranks);
    std::vector<std::vector<Path>> held(n);
    const bool starts = schedule.collective != Collective::allgather ||
                        schedule.owner_of_block(block) == contributor;
    if (starts) held[static_cast<std::size_t>(contributor)].push_back({});

    for (int k = 0; k <= step; ++k) {
        const Step& current = schedule.steps[static_cast<std::size_t>(k)];
        std::vector<std::vector<Path>> next = held;
        std::vector<bool> replaced(n, false);
        std::vector<Path> arriving;
        for (std::size_t i = 0; i < current.transfers.size(); ++i) {
            const Transfer& transfer = current.transfers[i];
            const auto src = static_cast<std::size_t>(transfer.src);
            const auto dst = static_cast<std::size_t>(transfer.dst);
            if (held[src].empty() || !transfer.blocks.contains(block)) continue;
            const Hop hop{k, static_cast<int>(i), transfer.src, transfer.dst};
            if (k == step && transfer.dst == rank && transfer.op == Op::reduce)
                append_capped(arriving, held[src], hop);
            if (transfer.op == Op::copy) {
                if (!replaced[dst]) next[dst].clear();
                replaced[dst] = true;
            }
            append_capped(next[dst], held[src], hop);
        }
        if (k == step) {
            std::vector<Path> copies;
            bool copied_over = false;
            for (const Transfer& transfer : current.transfers)
                copied_over = copied_over || (transfer.dst == rank && transfer.op == Op::copy &&
                                              transfer.blocks.contains(block));
            if (!copied_over) copies = held[static_cast<std::size_t>(rank)];
            for (Path& path : arriving) copies.push_back(std::move(path));
            return copies;
        }
        held = std::move(next);
    }
    return {};
}

}  // namespace trivcheck
