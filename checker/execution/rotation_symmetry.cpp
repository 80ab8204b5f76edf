#include "checker/execution/rotation_symmetry.hpp"

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

namespace {

/// Are `blocks` the `model` blocks turned by `shift` ranks (rotate_block)?
bool same_blocks_turned(const BlockSet& blocks, const BlockSet& model, int shift, int n,
                        int block_count) {
    if (block_count == 1) return true;
    if (blocks.pattern() != model.pattern()) return false;
    // With one group the pattern turns as a whole: its offset says it all.
    if (block_count == n) return blocks.offset() == wrap(model.offset() + shift, block_count);
    for (std::size_t i = 0; i < model.size(); ++i)
        if (blocks.at(i) != rotate_block(model.at(i), shift, n, block_count)) return false;
    return true;
}

/// Does `transfer` equal `model` (a transfer of rank 0) rotated by `shift` ranks?
bool is_rotation_of(const Transfer& transfer, const Transfer& model, int shift, int n, int blocks) {
    if (transfer.op != model.op || transfer.route != model.route ||
        transfer.src_buffer != model.src_buffer || transfer.dst_buffer != model.dst_buffer)
        return false;
    if (transfer.src != wrap(model.src + shift, n) || transfer.dst != wrap(model.dst + shift, n))
        return false;
    return same_blocks_turned(transfer.blocks, model.blocks, shift, n, blocks);
}

/// Does `operation` equal `model` (a local operation of rank 0) rotated by `shift` ranks?
bool is_rotation_of(const LocalOp& operation, const LocalOp& model, int shift, int n, int blocks) {
    return operation.op == model.op && operation.src_buffer == model.src_buffer &&
           operation.dst_buffer == model.dst_buffer &&
           operation.rank == wrap(model.rank + shift, n) &&
           same_blocks_turned(operation.blocks, model.blocks, shift, n, blocks);
}

/// Is every n-th of `items` the first n-th turned by its index?
template <typename Item>
bool is_orbit(const std::vector<Item>& items, int n, int blocks) {
    const std::size_t count = items.size();
    if (count % static_cast<std::size_t>(n) != 0) return false;
    const std::size_t per_rank = count / static_cast<std::size_t>(n);
    for (std::size_t i = 0; i < count; ++i) {
        // The first n-th of the step is the model; the k-th n-th must be it rotated by k.
        const Item& model = items[i % per_rank];
        const int shift = static_cast<int>(i / per_rank);
        if (!is_rotation_of(items[i], model, shift, n, blocks)) return false;
    }
    return true;
}

}  // namespace

bool is_rotation_symmetric(const Schedule& schedule) {
    const int n = schedule.ranks;
    if (schedule.topology.kind != TopologyKind::ring || n < 2) return false;
    // Blocks must rotate with the ranks (groups of n, block b owned by rank b mod n) or not at
    // all (one block).
    if (schedule.blocks != 1 && schedule.blocks % n != 0) return false;
    if (schedule.blocks == 1 && schedule.collective != Collective::allreduce) return false;
    for (const Step& step : schedule.steps)
        if (!is_orbit(step.transfers, n, schedule.blocks) ||
            !is_orbit(step.local, n, schedule.blocks))
            return false;
    return true;
}

}  // namespace trivcheck
