// Mistakes in what a message carries and how it is applied: a block missing,
// duplicated or off by one, a reduction where a copy belongs and the reverse.
#include "checker/search/mutation.hpp"
#include "checker/search/mutation_sites.hpp"

namespace trivcheck {

namespace {

bool any(const Transfer&, int) { return true; }

}  // namespace

std::vector<Mutant> mutate_block_dropped(const Schedule& schedule, const SiteChoice& sites) {
    std::vector<Mutant> mutants;
    for (const TransferSite& site : choose(transfer_sites(schedule, any), sites)) {
        Mutant mutant{schedule, describe_site(schedule, site), place_of(site)};
        std::vector<Transfer>& transfers =
            mutant.schedule.steps[static_cast<std::size_t>(site.step)].transfers;
        Transfer& transfer = transfers[static_cast<std::size_t>(site.index)];
        const int block = middle_block(transfer.blocks);
        mutant.site += ": block " + std::to_string(block) + " left out";
        transfer.blocks = without_block(transfer.blocks, block);
        if (transfer.blocks.empty())
            transfers.erase(transfers.begin() + static_cast<std::ptrdiff_t>(site.index));
        mutants.push_back(std::move(mutant));
    }
    return mutants;
}

std::vector<Mutant> mutate_block_sent_twice(const Schedule& schedule, const SiteChoice& sites) {
    std::vector<Mutant> mutants;
    for (const TransferSite& site : choose(transfer_sites(schedule, any), sites)) {
        Mutant mutant{schedule, describe_site(schedule, site), place_of(site)};
        std::vector<Transfer>& transfers =
            mutant.schedule.steps[static_cast<std::size_t>(site.step)].transfers;
        // The block goes again as a message of its own, as a loop that runs once too often sends
        // it.
        Transfer again = transfers[static_cast<std::size_t>(site.index)];
        const int block = middle_block(again.blocks);
        again.blocks = BlockSet::single(block, schedule.blocks);
        mutant.site += ": block " + std::to_string(block) + " sent twice";
        transfers.push_back(again);
        mutants.push_back(std::move(mutant));
    }
    return mutants;
}

std::vector<Mutant> mutate_wrong_block(const Schedule& schedule, const SiteChoice& sites) {
    std::vector<Mutant> mutants;
    if (schedule.blocks < 2) return mutants;
    const auto candidates = transfer_sites(schedule, [&](const Transfer& transfer, int) {
        const int block = middle_block(transfer.blocks);
        return !transfer.blocks.contains((block + 1) % schedule.blocks);
    });
    for (const TransferSite& site : choose(candidates, sites)) {
        Mutant mutant{schedule, describe_site(schedule, site), place_of(site)};
        Transfer& transfer = transfer_at(mutant.schedule, site);
        const int block = middle_block(transfer.blocks);
        const int wrong = (block + 1) % schedule.blocks;
        mutant.site += ": block " + std::to_string(wrong) + " instead of " + std::to_string(block);
        transfer.blocks = with_block(without_block(transfer.blocks, block), wrong);
        mutants.push_back(std::move(mutant));
    }
    return mutants;
}

std::vector<Mutant> mutate_reduce_as_copy(const Schedule& schedule, const SiteChoice& sites) {
    std::vector<Mutant> mutants;
    const auto candidates = transfer_sites(
        schedule, [](const Transfer& transfer, int) { return transfer.op == Op::reduce; });
    for (const TransferSite& site : choose(candidates, sites)) {
        Mutant mutant{schedule, describe_site(schedule, site) + ": copied instead of reduced",
                      place_of(site)};
        transfer_at(mutant.schedule, site).op = Op::copy;
        mutants.push_back(std::move(mutant));
    }
    return mutants;
}

std::vector<Mutant> mutate_copy_as_reduce(const Schedule& schedule, const SiteChoice& sites) {
    std::vector<Mutant> mutants;
    const auto candidates = transfer_sites(
        schedule, [](const Transfer& transfer, int) { return transfer.op == Op::copy; });
    for (const TransferSite& site : choose(candidates, sites)) {
        Mutant mutant{schedule, describe_site(schedule, site) + ": reduced instead of copied",
                      place_of(site)};
        transfer_at(mutant.schedule, site).op = Op::reduce;
        mutants.push_back(std::move(mutant));
    }
    return mutants;
}

}  // namespace trivcheck
