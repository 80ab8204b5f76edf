#include "checker/search/mutation_sites.hpp"

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

Transfer& transfer_at(Schedule& schedule, const TransferSite& site) {
    return schedule.steps[static_cast<std::size_t>(site.step)]
        .transfers[static_cast<std::size_t>(site.index)];
}

const Transfer& transfer_at(const Schedule& schedule, const TransferSite& site) {
    return schedule.steps[static_cast<std::size_t>(site.step)]
        .transfers[static_cast<std::size_t>(site.index)];
}

int signed_offset(const Transfer& transfer, int ranks) {
    const int forward = wrap(transfer.dst - transfer.src, ranks);
    if (transfer.route == Route::plus) return forward;
    if (transfer.route == Route::minus) return forward - ranks;
    return forward <= ranks - forward ? forward : forward - ranks;
}

bool retarget(Transfer& transfer, int offset, int ranks) {
    const int dst = wrap(transfer.src + offset, ranks);
    if (dst == transfer.src) return false;
    transfer.dst = dst;
    if (transfer.route != Route::shortest) transfer.route = offset > 0 ? Route::plus : Route::minus;
    return true;
}

int stretched(int offset, int delta) { return offset > 0 ? offset + delta : offset - delta; }

std::vector<int> reduction_steps(const Schedule& schedule) {
    std::vector<int> steps;
    for (std::size_t k = 0; k < schedule.steps.size(); ++k) {
        const Step& step = schedule.steps[k];
        if (step.phase == "allgather") continue;
        for (const Transfer& transfer : step.transfers)
            if (transfer.op == Op::reduce) {
                steps.push_back(static_cast<int>(k));
                break;
            }
    }
    return steps;
}

std::vector<int> allgather_steps(const Schedule& schedule) {
    std::vector<int> steps;
    for (std::size_t k = 0; k < schedule.steps.size(); ++k)
        if (schedule.steps[k].phase == "allgather") steps.push_back(static_cast<int>(k));
    return steps;
}

std::string describe_site(const Schedule& schedule, const TransferSite& site) {
    const Transfer& transfer = transfer_at(schedule, site);
    return "step " + std::to_string(site.step) + ", " + std::to_string(transfer.src) + " -> " +
           std::to_string(transfer.dst);
}

BlockSet without_block(const BlockSet& blocks, int block) {
    std::vector<int> kept;
    blocks.for_each([&](int b) {
        if (b != block) kept.push_back(b);
    });
    return BlockSet(std::move(kept), blocks.modulus());
}

BlockSet with_block(const BlockSet& blocks, int block) {
    std::vector<int> all = blocks.sorted();
    all.push_back(block);
    return BlockSet(std::move(all), blocks.modulus());
}

int middle_block(const BlockSet& blocks) {
    const std::vector<int> sorted = blocks.sorted();
    return sorted[sorted.size() / 2];
}

}  // namespace trivcheck
