// Mistakes in when things happen and how much at once: the all-gather not
// reversed, a step split in two, a port over-used, a transfer sent early.
#include <algorithm>

#include "checker/search/mutation.hpp"
#include "checker/search/mutation_sites.hpp"
#include "models/time_reversal.hpp"

namespace trivcheck {

std::vector<Mutant> mutate_allgather_not_reversed(const Schedule& schedule,
                                                  const SiteChoice& sites) {
    // The whole all-gather, a fold's copy-back included: it mirrors the fold's first step.
    const std::vector<int> gathers = allgather_steps(schedule);
    if (gathers.empty() || sites.most < 1) return {};
    // The variant says which: 0 the steps in forward order, 1 the transfers the reduce way.
    auto wanted = [&](int variant) {
        const MutationPlace place{gathers.front(), -1, variant};
        return sites.only ? *sites.only == place : variant < sites.most;
    };
    std::vector<Mutant> mutants;
    // Steps not reversed: the all-gather replays the reduce-scatter's order.
    if (wanted(0)) {
        Mutant order{schedule,
                     "allgather steps " + std::to_string(gathers.front()) + ".." +
                         std::to_string(gathers.back()) + " in forward order",
                     {gathers.front(), -1, 0}};
        for (std::size_t i = 0; i < gathers.size(); ++i)
            order.schedule.steps[static_cast<std::size_t>(gathers[i])] =
                schedule.steps[static_cast<std::size_t>(gathers[gathers.size() - 1 - i])];
        mutants.push_back(std::move(order));
    }
    if (!wanted(1)) return mutants;
    // Transfers not reversed: each goes the reduce-scatter's way, u -> v, as a copy.
    Mutant direction{schedule,
                     "allgather steps " + std::to_string(gathers.front()) + ".." +
                         std::to_string(gathers.back()) + " sent the reduce way",
                     {gathers.front(), -1, 1}};
    for (int k : gathers)
        for (Transfer& transfer : direction.schedule.steps[static_cast<std::size_t>(k)].transfers) {
            std::swap(transfer.src, transfer.dst);
            transfer.route = reversed(transfer.route);
        }
    mutants.push_back(std::move(direction));
    return mutants;
}

std::vector<Mutant> mutate_step_split(const Schedule& schedule, const SiteChoice& sites) {
    // A step done as two sequential exchanges: the second half's sends read a state
    // that already holds the first half's arrivals, so joint reduction is lost.
    std::vector<Mutant> mutants;
    std::vector<int> candidates;
    for (std::size_t k = 0; k < schedule.steps.size(); ++k)
        if (schedule.steps[k].transfers.size() >= 2) candidates.push_back(static_cast<int>(k));
    for (int k : choose(candidates, sites)) {
        const Step& step = schedule.steps[static_cast<std::size_t>(k)];
        // First the + direction, then the -; a one-direction step splits by sender parity.
        auto first_half = [&](const Transfer& transfer) {
            return signed_offset(transfer, schedule.ranks) > 0;
        };
        bool mixed = std::any_of(step.transfers.begin(), step.transfers.end(), first_half) &&
                     !std::all_of(step.transfers.begin(), step.transfers.end(), first_half);
        Step early{step.phase, {}, step.local};
        Step late{step.phase, {}};
        for (const Transfer& transfer : step.transfers)
            ((mixed ? first_half(transfer) : transfer.src % 2 == 0) ? early : late)
                .transfers.push_back(transfer);
        if (early.transfers.empty() || late.transfers.empty()) continue;
        Mutant mutant{schedule,
                      "step " + std::to_string(k) + " split into " +
                          (mixed ? "+ then - sends" : "even then odd senders"),
                      place_of(k)};
        auto& steps = mutant.schedule.steps;
        steps[static_cast<std::size_t>(k)] = std::move(early);
        steps.insert(steps.begin() + k + 1, std::move(late));
        mutants.push_back(std::move(mutant));
    }
    return mutants;
}

std::vector<Mutant> mutate_port_overuse(const Schedule& schedule, const SiteChoice& sites) {
    std::vector<Mutant> mutants;
    const auto all = transfer_sites(schedule, [](const Transfer&, int) { return true; });
    for (const TransferSite& site : choose(all, sites)) {
        Mutant mutant{schedule, describe_site(schedule, site), place_of(site)};
        std::vector<Transfer>& transfers =
            mutant.schedule.steps[static_cast<std::size_t>(site.step)].transfers;
        const Transfer original = transfers[static_cast<std::size_t>(site.index)];
        int sends = 0;
        for (const Transfer& transfer : transfers) sends += transfer.src == original.src;
        // Messages to add so the sender uses one more than its ports.
        const int extra = std::max(1, schedule.ports + 1 - sends);
        const std::vector<int> blocks = original.blocks.sorted();
        if (static_cast<int>(blocks.size()) > extra) {
            // The message cut into extra + 1 pieces, each its own message.
            const auto pieces = static_cast<std::size_t>(extra + 1);
            for (std::size_t p = 0; p < pieces; ++p) {
                std::vector<int> piece(
                    blocks.begin() + static_cast<std::ptrdiff_t>(p * blocks.size() / pieces),
                    blocks.begin() + static_cast<std::ptrdiff_t>((p + 1) * blocks.size() / pieces));
                Transfer part = original;
                part.blocks = BlockSet(std::move(piece), schedule.blocks);
                if (p == 0)
                    transfers[static_cast<std::size_t>(site.index)] = part;
                else
                    transfers.push_back(part);
            }
            mutant.site += ": cut into " + std::to_string(pieces) + " messages";
        } else {
            // Too few blocks to cut: the same message goes out again.
            for (int e = 0; e < extra; ++e) transfers.push_back(original);
            mutant.site += ": sent " + std::to_string(extra + 1) + " times";
        }
        mutant.site += " (" + std::to_string(sends + extra) + " sends, " +
                       std::to_string(schedule.ports) + " ports)";
        mutants.push_back(std::move(mutant));
    }
    return mutants;
}

std::vector<Mutant> mutate_moved_earlier(const Schedule& schedule, const SiteChoice& sites) {
    std::vector<Mutant> mutants;
    const auto candidates =
        transfer_sites(schedule, [](const Transfer&, int step) { return step >= 1; });
    for (const TransferSite& site : choose(candidates, sites)) {
        Mutant mutant{
            schedule,
            describe_site(schedule, site) + " sent in step " + std::to_string(site.step - 1),
            place_of(site)};
        auto& steps = mutant.schedule.steps;
        auto& from = steps[static_cast<std::size_t>(site.step)].transfers;
        steps[static_cast<std::size_t>(site.step) - 1].transfers.push_back(
            from[static_cast<std::size_t>(site.index)]);
        from.erase(from.begin() + site.index);
        mutants.push_back(std::move(mutant));
    }
    return mutants;
}

}  // namespace trivcheck
