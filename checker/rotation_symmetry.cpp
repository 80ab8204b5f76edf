#include "checker/rotation_symmetry.hpp"

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

namespace {

/// Does `transfer` equal `model` (a transfer of rank 0) rotated by `shift` ranks?
bool is_rotation_of(const Transfer& transfer, const Transfer& model, int shift, int n, int blocks) {
    if (transfer.op != model.op || transfer.route != model.route) return false;
    if (transfer.src != wrap(model.src + shift, n) || transfer.dst != wrap(model.dst + shift, n))
        return false;
    if (blocks == 1) return true;
    if (transfer.blocks.pattern() != model.blocks.pattern()) return false;
    // With one group the pattern turns as a whole: its offset says it all.
    if (blocks == n) return transfer.blocks.offset() == wrap(model.blocks.offset() + shift, blocks);
    for (std::size_t i = 0; i < model.blocks.size(); ++i)
        if (transfer.blocks.at(i) != rotate_block(model.blocks.at(i), shift, n, blocks))
            return false;
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
    for (const Step& step : schedule.steps) {
        const std::size_t count = step.transfers.size();
        if (count % static_cast<std::size_t>(n) != 0) return false;
        const std::size_t per_rank = count / static_cast<std::size_t>(n);
        for (std::size_t i = 0; i < count; ++i) {
            // The first n-th of the step is the model; the k-th n-th must be it rotated by k.
            const Transfer& model = step.transfers[i % per_rank];
            const int shift = static_cast<int>(i / per_rank);
            if (!is_rotation_of(step.transfers[i], model, shift, n, schedule.blocks)) return false;
        }
    }
    return true;
}

}  // namespace trivcheck
