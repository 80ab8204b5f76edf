// Mistakes in whom a rank talks to: the sign or length of a distance, and
// blocks handed to the wrong peer.
#include <cstdlib>

#include "checker/search/mutation.hpp"
#include "checker/search/mutation_sites.hpp"

namespace trivcheck {

namespace {

/// Every transfer of `steps` sent `delta` further (or nearer) in its own
/// direction; false when one would reach its own sender.
bool stretch_steps(Schedule& schedule, const std::vector<int>& steps, int delta) {
    for (int k : steps)
        for (Transfer& transfer : schedule.steps[static_cast<std::size_t>(k)].transfers)
            if (!retarget(transfer, stretched(signed_offset(transfer, schedule.ranks), delta),
                          schedule.ranks))
                return false;
    return true;
}

/// The distance the last reduction step uses, off by `delta`, in that step and
/// in the all-gather step that mirrors it: a wrong formula for the last
/// distance (e.g. floor for ceil in Trivance's (n - 3^s) / 2) reaches both.
std::vector<Mutant> last_step_off(const Schedule& schedule, const SiteChoice& sites, int delta) {
    const std::vector<int> reductions = reduction_steps(schedule);
    if (reductions.empty() || sites.most < 1) return {};
    const MutationPlace place = place_of(reductions.back());
    if (sites.only && *sites.only != place) return {};
    std::vector<int> steps{reductions.back()};
    const std::vector<int> gathers = allgather_steps(schedule);
    if (!gathers.empty()) steps.push_back(gathers.front());
    Mutant mutant{schedule, "", place};
    if (!stretch_steps(mutant.schedule, steps, delta)) return {};
    const Step& last = schedule.steps[static_cast<std::size_t>(steps.front())];
    const int distance = std::abs(signed_offset(last.transfers.front(), schedule.ranks));
    mutant.site = "step " + std::to_string(steps.front()) +
                  (steps.size() > 1 ? " and step " + std::to_string(steps.back()) : "") +
                  ": distance " + std::to_string(distance) + " -> " +
                  std::to_string(distance + delta);
    return {std::move(mutant)};
}

}  // namespace

std::vector<Mutant> mutate_peer_sign(const Schedule& schedule, const SiteChoice& sites) {
    std::vector<Mutant> mutants;
    const auto all = transfer_sites(schedule, [](const Transfer&, int) { return true; });
    for (const TransferSite& site : choose(all, sites)) {
        Mutant mutant{schedule, describe_site(schedule, site), place_of(site)};
        Transfer& transfer = transfer_at(mutant.schedule, site);
        if (!retarget(transfer, -signed_offset(transfer, schedule.ranks), schedule.ranks)) continue;
        mutant.site += " sent to " + std::to_string(transfer.dst);
        mutants.push_back(std::move(mutant));
    }
    return mutants;
}

namespace {

/// A step whose every distance changes by delta; the delta is the place's variant.
struct StepDelta {
    int step;
    int delta;
};

MutationPlace place_of(const StepDelta& candidate) { return {candidate.step, -1, candidate.delta}; }

}  // namespace

std::vector<Mutant> mutate_distance_off_by_one(const Schedule& schedule, const SiteChoice& sites) {
    using Candidate = StepDelta;
    std::vector<Candidate> candidates;
    for (std::size_t k = 0; k < schedule.steps.size(); ++k)
        if (!schedule.steps[k].transfers.empty())
            for (int delta : {+1, -1}) candidates.push_back({static_cast<int>(k), delta});
    std::vector<Mutant> mutants;
    for (const Candidate& candidate : choose(candidates, sites)) {
        Mutant mutant{schedule,
                      "step " + std::to_string(candidate.step) + ": every distance " +
                          (candidate.delta > 0 ? "+1" : "-1"),
                      place_of(candidate)};
        if (stretch_steps(mutant.schedule, {candidate.step}, candidate.delta))
            mutants.push_back(std::move(mutant));
    }
    return mutants;
}

std::vector<Mutant> mutate_last_step_too_short(const Schedule& schedule, const SiteChoice& sites) {
    return last_step_off(schedule, sites, -1);
}

std::vector<Mutant> mutate_last_step_too_long(const Schedule& schedule, const SiteChoice& sites) {
    return last_step_off(schedule, sites, +1);
}

std::vector<Mutant> mutate_block_to_wrong_peer(const Schedule& schedule, const SiteChoice& sites) {
    std::vector<Mutant> mutants;
    const auto all = transfer_sites(schedule, [](const Transfer&, int) { return true; });
    for (const TransferSite& site : choose(all, sites)) {
        Mutant mutant{schedule, describe_site(schedule, site), place_of(site)};
        std::vector<Transfer>& transfers =
            mutant.schedule.steps[static_cast<std::size_t>(site.step)].transfers;
        Transfer& moved = transfers[static_cast<std::size_t>(site.index)];
        const int block = middle_block(moved.blocks);
        // The wrong peer is the sender's other peer in that step, else the rank one further.
        Transfer* other = nullptr;
        for (Transfer& candidate : transfers)
            if (candidate.src == moved.src && candidate.dst != moved.dst) other = &candidate;
        if (other) {
            other->blocks = with_block(other->blocks, block);
            mutant.site += ": block " + std::to_string(block) + " sent to " +
                           std::to_string(other->dst) + " instead";
        } else {
            Transfer stray = moved;
            stray.blocks = BlockSet::single(block, schedule.blocks);
            if (!retarget(stray, stretched(signed_offset(moved, schedule.ranks), 1),
                          schedule.ranks))
                continue;
            mutant.site += ": block " + std::to_string(block) + " sent to " +
                           std::to_string(stray.dst) + " instead";
            transfers.push_back(stray);
        }
        Transfer& source = transfers[static_cast<std::size_t>(site.index)];
        source.blocks = without_block(source.blocks, block);
        if (source.blocks.empty())
            transfers.erase(transfers.begin() + static_cast<std::ptrdiff_t>(site.index));
        mutants.push_back(std::move(mutant));
    }
    return mutants;
}

}  // namespace trivcheck
