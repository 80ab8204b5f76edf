#pragma once
#include <string>
#include <vector>

#include "checker/search/mutation.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// Shared vocabulary of the mutation operators: where a transfer is, which
/// way it goes, and the steps of each phase.

/// A transfer of a schedule: transfer `index` of step `step`.
struct TransferSite {
    int step = 0;
    int index = 0;
};

/// Every transfer for which `accept` holds, in step order.
template <class Accept>
std::vector<TransferSite> transfer_sites(const Schedule& schedule, Accept&& accept) {
    std::vector<TransferSite> sites;
    for (std::size_t k = 0; k < schedule.steps.size(); ++k)
        for (std::size_t i = 0; i < schedule.steps[k].transfers.size(); ++i)
            if (accept(schedule.steps[k].transfers[i], static_cast<int>(k)))
                sites.push_back({static_cast<int>(k), static_cast<int>(i)});
    return sites;
}

/// At most `wanted` of `candidates`, evenly spread from the first to the
/// last, so a few mutants still cover early, middle and late steps.
template <class Candidate>
std::vector<Candidate> spread(const std::vector<Candidate>& candidates, int wanted) {
    const std::size_t count = candidates.size();
    const auto limit = static_cast<std::size_t>(wanted < 0 ? 0 : wanted);
    if (count <= limit) return candidates;
    std::vector<Candidate> chosen;
    for (std::size_t i = 0; i < limit; ++i)
        chosen.push_back(candidates[limit == 1 ? count / 2 : i * (count - 1) / (limit - 1)]);
    return chosen;
}

/// The place of a candidate: a transfer, or a whole step.
inline MutationPlace place_of(const TransferSite& site) { return {site.step, site.index, 0}; }
inline MutationPlace place_of(int step) { return {step, -1, 0}; }

/// The candidates `sites` asks for: spread(candidates, sites.most), or the
/// one at `sites.only` (place_of, found by argument-dependent lookup for an
/// operator's own candidate type).
template <class Candidate>
std::vector<Candidate> choose(const std::vector<Candidate>& candidates, const SiteChoice& sites) {
    if (!sites.only) return spread(candidates, sites.most);
    std::vector<Candidate> chosen;
    for (const Candidate& candidate : candidates)
        if (place_of(candidate) == *sites.only) chosen.push_back(candidate);
    return chosen;
}

Transfer& transfer_at(Schedule& schedule, const TransferSite& site);
const Transfer& transfer_at(const Schedule& schedule, const TransferSite& site);

/// The signed ring displacement the transfer travels: in (0, n) the + way,
/// in (-n, 0) the - way (its named route, else the shorter way, a tie +).
int signed_offset(const Transfer& transfer, int ranks);

/// Sends `transfer` from its source by `offset` instead (a named route
/// follows the new sign); false when that would reach the source itself.
bool retarget(Transfer& transfer, int offset, int ranks);

/// `offset` made one longer (delta +1) or shorter (delta -1) in its own direction.
int stretched(int offset, int delta);

/// Steps of the reduction part (every phase but allgather) that carry a
/// reduce transfer, and the steps of the allgather phase, in order.
std::vector<int> reduction_steps(const Schedule& schedule);
std::vector<int> allgather_steps(const Schedule& schedule);

/// "step 2, 5 -> 8"
std::string describe_site(const Schedule& schedule, const TransferSite& site);

/// The blocks of `transfer` without `block`, as a set of the same modulus.
BlockSet without_block(const BlockSet& blocks, int block);
/// The blocks of `transfer` plus `block`.
BlockSet with_block(const BlockSet& blocks, int block);
/// The middle block of a non-empty set (its sorted order), a stable choice.
int middle_block(const BlockSet& blocks);

}  // namespace trivcheck
