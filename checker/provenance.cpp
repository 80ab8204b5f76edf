#include "checker/provenance.hpp"

namespace trivcheck {

namespace {

constexpr int not_held = -2;
constexpr int own_contribution = -1;

/// How each rank first came to hold the contribution: the hop that brought
/// it (step not_held: never; own_contribution: it is the rank's own). One hop
/// per rank keeps a replay of millions of transfers in O(n) memory.
struct Arrival {
    Hop hop{not_held, 0, 0, 0};
};

Path path_to(const std::vector<Arrival>& arrivals, int rank) {
    Path path;
    for (Hop hop = arrivals[static_cast<std::size_t>(rank)].hop; hop.step >= 0;
         hop = arrivals[static_cast<std::size_t>(hop.src)].hop) {
        path.push_back(hop);
        if (path.size() > arrivals.size()) break;  // a copy loop: the first hops say enough
    }
    return Path(path.rbegin(), path.rend());
}

}  // namespace

std::vector<Path> trace_copies(const Schedule& schedule, int step, int rank, int block,
                               int contributor) {
    std::vector<Arrival> arrivals(static_cast<std::size_t>(schedule.ranks));
    if (schedule.collective != Collective::allgather ||
        schedule.owner_of_block(block) == contributor)
        arrivals[static_cast<std::size_t>(contributor)].hop.step = own_contribution;
    auto holds = [&](int r) { return arrivals[static_cast<std::size_t>(r)].hop.step != not_held; };

    std::vector<std::pair<int, Hop>> updates;
    for (int k = 0; k < step; ++k) {
        const Step& current = schedule.steps[static_cast<std::size_t>(k)];
        updates.clear();
        // Sends read the state at the step's start: collect, then apply.
        for (std::size_t i = 0; i < current.transfers.size(); ++i) {
            const Transfer& transfer = current.transfers[i];
            if (!holds(transfer.src) || !transfer.blocks.contains(block)) continue;
            const bool replaces = transfer.op == Op::copy;
            if (replaces || !holds(transfer.dst))
                updates.push_back(
                    {transfer.dst, {k, static_cast<int>(i), transfer.src, transfer.dst}});
        }
        for (const auto& [dst, hop] : updates) {
            Arrival& arrival = arrivals[static_cast<std::size_t>(dst)];
            if (arrival.hop.step != k) arrival.hop = hop;  // the first arrival of a step wins
        }
    }

    std::vector<Path> copies;
    const Step& current = schedule.steps[static_cast<std::size_t>(step)];
    bool copied_over = false;
    for (const Transfer& transfer : current.transfers)
        copied_over = copied_over || (transfer.dst == rank && transfer.op == Op::copy &&
                                      transfer.blocks.contains(block));
    if (!copied_over && holds(rank)) copies.push_back(path_to(arrivals, rank));
    for (std::size_t i = 0; i < current.transfers.size(); ++i) {
        const Transfer& transfer = current.transfers[i];
        if (transfer.dst != rank || transfer.op != Op::reduce || !holds(transfer.src) ||
            !transfer.blocks.contains(block))
            continue;
        Path path = path_to(arrivals, transfer.src);
        path.push_back({step, static_cast<int>(i), transfer.src, rank});
        copies.push_back(std::move(path));
    }
    return copies;
}

}  // namespace trivcheck
