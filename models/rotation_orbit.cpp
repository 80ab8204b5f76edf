#include "models/rotation_orbit.hpp"

#include <vector>

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

namespace {

/// The blocks turned within their groups; shares the pattern when one offset does it.
BlockSet turned_blocks(const BlockSet& blocks, int shift, int ranks, int block_count) {
    if (block_count == 1 || block_count == ranks || blocks.empty()) return blocks.rotated(shift);
    // With several groups a plain offset turn is right only if no block wraps within its
    // group, or if every block does (then the offset turn overshoots by exactly n).
    std::size_t wrapping = 0;
    blocks.for_each([&](int block) { wrapping += block % ranks + shift >= ranks ? 1 : 0; });
    if (wrapping == 0) return blocks.rotated(shift);
    if (wrapping == blocks.size()) return blocks.rotated(shift - ranks);
    std::vector<int> turned_list;
    turned_list.reserve(blocks.size());
    blocks.for_each(
        [&](int block) { turned_list.push_back(rotate_block(block, shift, ranks, block_count)); });
    return BlockSet(std::move(turned_list), block_count);
}

}  // namespace

Transfer turned(const Transfer& transfer, int shift, int ranks, int blocks) {
    Transfer result = transfer;
    result.src = wrap(transfer.src + shift, ranks);
    result.dst = wrap(transfer.dst + shift, ranks);
    result.blocks = turned_blocks(transfer.blocks, shift, ranks, blocks);
    return result;
}

LocalOp turned(const LocalOp& operation, int shift, int ranks, int blocks) {
    LocalOp result = operation;
    result.rank = wrap(operation.rank + shift, ranks);
    result.blocks = turned_blocks(operation.blocks, shift, ranks, blocks);
    return result;
}

Step expand_step(const Step& model, int ranks, int blocks) {
    Step step;
    step.phase = model.phase;
    step.transfers.reserve(model.transfers.size() * static_cast<std::size_t>(ranks));
    for (int shift = 0; shift < ranks; ++shift)
        for (const Transfer& transfer : model.transfers)
            step.transfers.push_back(turned(transfer, shift, ranks, blocks));
    step.local.reserve(model.local.size() * static_cast<std::size_t>(ranks));
    for (int shift = 0; shift < ranks; ++shift)
        for (const LocalOp& operation : model.local)
            step.local.push_back(turned(operation, shift, ranks, blocks));
    return step;
}

Schedule expand(const RotationOrbit& orbit) {
    Schedule schedule = orbit.model;
    for (Step& step : schedule.steps) step = expand_step(step, schedule.ranks, schedule.blocks);
    return schedule;
}

}  // namespace trivcheck
