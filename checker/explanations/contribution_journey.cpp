#include "checker/explanations/contribution_journey.hpp"

#include <algorithm>
#include <tuple>

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

namespace {

constexpr int never = -2;

/// Whether a rank holds anything of `block` at all: an empty value sent
/// changes nothing at the receiver, so presence of one contribution alone
/// cannot be replayed without it. Holding is monotone (nothing empties a cell).
std::vector<char> initially_nonempty(const Schedule& schedule, int block) {
    std::vector<char> nonempty(static_cast<std::size_t>(schedule.ranks), 1);
    if (schedule.collective != Collective::allgather) return nonempty;
    std::fill(nonempty.begin(), nonempty.end(), 0);
    nonempty[static_cast<std::size_t>(schedule.owner_of_block(block))] = 1;
    return nonempty;
}

}  // namespace

ContributionJourney trace_contribution(const Schedule& schedule, int block, int contributor) {
    const auto n = static_cast<std::size_t>(schedule.ranks);
    ContributionJourney journey{std::vector<int>(n, never), std::vector<int>(n, -1)};
    std::vector<char> nonempty = initially_nonempty(schedule, block);
    std::vector<char> has(n, 0);
    if (nonempty[static_cast<std::size_t>(contributor)]) {
        has[static_cast<std::size_t>(contributor)] = 1;
        journey.since_step[static_cast<std::size_t>(contributor)] = -1;
    }
    std::vector<int> copy_source(n, -1);
    std::vector<char> incoming(n, 0);
    std::vector<char> touched(n, 0);
    std::vector<std::size_t> receivers;
    for (std::size_t k = 0; k < schedule.steps.size(); ++k) {
        receivers.clear();
        for (const Transfer& transfer : schedule.steps[k].transfers) {
            const auto src = static_cast<std::size_t>(transfer.src);
            const auto dst = static_cast<std::size_t>(transfer.dst);
            if (!nonempty[src] || !transfer.blocks.contains(block)) continue;
            if (!touched[dst]) {
                touched[dst] = 1;
                receivers.push_back(dst);
            }
            // Of several copies in one step the first wins, as in the executor.
            if (transfer.op == Op::copy) {
                if (copy_source[dst] < 0) copy_source[dst] = transfer.src;
            } else {
                incoming[dst] = static_cast<char>(incoming[dst] | has[src]);
            }
        }
        // Every send above read the state at the step's start; now write.
        std::vector<char> next_has(receivers.size());
        for (std::size_t i = 0; i < receivers.size(); ++i) {
            const std::size_t r = receivers[i];
            const char base =
                copy_source[r] >= 0 ? has[static_cast<std::size_t>(copy_source[r])] : has[r];
            next_has[i] = static_cast<char>(base | incoming[r]);
        }
        for (std::size_t i = 0; i < receivers.size(); ++i) {
            const std::size_t r = receivers[i];
            if (!has[r] && next_has[i]) {
                journey.since_step[r] = static_cast<int>(k);
                journey.lost_step[r] = -1;
            } else if (has[r] && !next_has[i]) {
                journey.lost_step[r] = static_cast<int>(k);
            }
            has[r] = next_has[i];
            nonempty[r] = 1;
            copy_source[r] = -1;
            incoming[r] = 0;
            touched[r] = 0;
        }
    }
    return journey;
}

LastHolder last_holder(const ContributionJourney& journey, int rank, int contributor) {
    const int n = static_cast<int>(journey.since_step.size());
    LastHolder best{contributor, -1, -1, -1};
    // The rank itself held it once and a copy overwrote it: that copy is the cause.
    const auto own = static_cast<std::size_t>(rank);
    if (journey.since_step[own] != never && journey.lost_step[own] >= 0)
        return {contributor, rank, journey.since_step[own], journey.lost_step[own]};
    // Ordered by: still holding, most recent event, nearest to `rank`, lowest id.
    auto key = [&](int r) {
        const auto i = static_cast<std::size_t>(r);
        const bool holds = journey.since_step[i] != never && journey.lost_step[i] < 0;
        const int when = holds ? journey.since_step[i] : journey.lost_step[i];
        const int distance = std::min(wrap(r - rank, n), wrap(rank - r, n));
        return std::make_tuple(holds ? 1 : 0, when, -distance, -r);
    };
    for (int r = 0; r < n; ++r) {
        const auto i = static_cast<std::size_t>(r);
        if (r == rank || journey.since_step[i] == never) continue;
        if (best.rank < 0 || key(r) > key(best.rank)) best.rank = r;
    }
    if (best.rank >= 0) {
        best.since_step = journey.since_step[static_cast<std::size_t>(best.rank)];
        best.lost_step = journey.lost_step[static_cast<std::size_t>(best.rank)];
    }
    return best;
}

const char* missing_cause(const LastHolder& holder) {
    if (holder.lost_step >= 0) return "overwritten";
    if (holder.rank < 0 || (holder.rank == holder.contributor && holder.since_step < 0))
        return "never_sent";
    return "stranded";
}

}  // namespace trivcheck
