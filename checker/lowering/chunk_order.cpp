#include "checker/lowering/chunk_order.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <numeric>

namespace trivcheck::msccl {

namespace {

/// Runs of consecutive chunks over every transfer, under `chunk_of`.
std::int64_t runs_of(const Schedule& schedule, const std::vector<int>& chunk_of) {
    std::int64_t runs = 0;
    std::vector<int> chunks;
    for (const trivcheck::Step& step : schedule.steps)
        for (const trivcheck::Transfer& transfer : step.transfers) {
            chunks.clear();
            transfer.blocks.for_each(
                [&](int block) { chunks.push_back(chunk_of[static_cast<std::size_t>(block)]); });
            std::sort(chunks.begin(), chunks.end());
            for (std::size_t i = 0; i < chunks.size(); ++i)
                if (i == 0 || chunks[i] != chunks[i - 1] + 1) ++runs;
        }
    return runs;
}

BlockSet renamed(const BlockSet& blocks, const std::vector<int>& chunk_of, int modulus) {
    std::vector<int> chunks;
    chunks.reserve(blocks.size());
    blocks.for_each(
        [&](int block) { chunks.push_back(chunk_of[static_cast<std::size_t>(block)]); });
    return BlockSet(std::move(chunks), modulus);
}

}  // namespace

std::vector<int> chunk_order(const Schedule& schedule) {
    const auto blocks = static_cast<std::size_t>(schedule.blocks);
    const std::size_t steps = schedule.steps.size();
    // first[b * steps + k]: the first transfer of step k that carries block b.
    std::vector<int> first(blocks * steps, INT_MAX);
    for (std::size_t k = 0; k < steps; ++k) {
        const std::vector<Transfer>& transfers = schedule.steps[k].transfers;
        for (std::size_t t = 0; t < transfers.size(); ++t)
            transfers[t].blocks.for_each([&](int block) {
                int& slot = first[static_cast<std::size_t>(block) * steps + k];
                slot = std::min(slot, static_cast<int>(t));
            });
    }
    // An all-gather or reduce-scatter keeps each owner's blocks in its slot
    // (owner-major): sorted by owner first, then as travelling together.
    const bool by_owner = owner_slots(schedule);
    auto owner = [&](int block) { return by_owner ? schedule.owner_of_block(block) : 0; };
    std::vector<int> order(blocks);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        if (owner(a) != owner(b)) return owner(a) < owner(b);
        const auto* left = first.data() + static_cast<std::size_t>(a) * steps;
        const auto* right = first.data() + static_cast<std::size_t>(b) * steps;
        return std::lexicographical_compare(left, left + steps, right, right + steps);
    });
    std::vector<int> chunk_of(blocks);
    for (std::size_t chunk = 0; chunk < blocks; ++chunk)
        chunk_of[static_cast<std::size_t>(order[chunk])] = static_cast<int>(chunk);
    // Without reordering: the identity, or for an owner's slots block b at
    // owner(b)·k + b / n, its place among its owner's blocks.
    std::vector<int> plain(blocks);
    std::iota(plain.begin(), plain.end(), 0);
    if (by_owner) {
        const int per_owner = schedule.blocks / schedule.ranks;
        for (std::size_t block = 0; block < blocks; ++block)
            plain[block] = schedule.owner_of_block(static_cast<int>(block)) * per_owner +
                           static_cast<int>(block) / schedule.ranks;
    }
    return runs_of(schedule, chunk_of) < runs_of(schedule, plain) ? chunk_of : plain;
}

bool owner_slots(const Schedule& schedule) {
    return schedule.collective != trivcheck::Collective::allreduce;
}

Schedule with_blocks_renamed(const Schedule& schedule, const std::vector<int>& chunk_of) {
    Schedule result = schedule;
    for (trivcheck::Step& step : result.steps) {
        for (trivcheck::Transfer& transfer : step.transfers)
            transfer.blocks = renamed(transfer.blocks, chunk_of, schedule.blocks);
        for (trivcheck::LocalOp& operation : step.local)
            operation.blocks = renamed(operation.blocks, chunk_of, schedule.blocks);
    }
    return result;
}

}  // namespace trivcheck::msccl
