#include "models/rotation_symmetry.hpp"

#include "models/ring_arithmetic.hpp"
#include "models/xor_symmetry.hpp"

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

/// Are `blocks` the `model` blocks under torus translation `shift`, in the order the
/// executor reads them (RankTranslations::translate_blocks)?
bool same_blocks_translated(const BlockSet& blocks, const BlockSet& model, int shift,
                            const RankTranslations& translations) {
    if (blocks.size() != model.size()) return false;
    if (!translations.blocks_move()) {
        for (std::size_t i = 0; i < model.size(); ++i)
            if (blocks.at(i) != model.at(i)) return false;
        return true;
    }
    const BlockSet moved = translations.translate_blocks(model, shift);
    for (std::size_t i = 0; i < model.size(); ++i)
        if (blocks.at(i) != moved.at(i)) return false;
    return true;
}

/// On a ring with symmetry steps of 1 the blocks must share the model's pattern
/// (same_blocks_turned); with a longer step they are compared with the model's
/// turned as the executor turns them (RankTranslations::translate_blocks), for
/// a generator that does not share patterns under every rotation (Swing) builds
/// one per destination.
bool same_blocks(const BlockSet& blocks, const BlockSet& model, int shift,
                 const RankTranslations& translations, int block_count) {
    if (translations.is_ring() && translations.symmetry_steps().front() == 1)
        return same_blocks_turned(blocks, model, shift, translations.ranks(), block_count);
    return same_blocks_translated(blocks, model, shift, translations);
}

/// Does `transfer` equal `model` (a transfer of rank 0) under translation `shift`?
bool is_translation_of(const Transfer& transfer, const Transfer& model, int shift,
                       const RankTranslations& translations, int blocks) {
    if (transfer.op != model.op || transfer.route != model.route ||
        transfer.src_buffer != model.src_buffer || transfer.dst_buffer != model.dst_buffer)
        return false;
    if (transfer.src != translations.add(model.src, shift) ||
        transfer.dst != translations.add(model.dst, shift))
        return false;
    return same_blocks(transfer.blocks, model.blocks, shift, translations, blocks);
}

/// Does `operation` equal `model` (a local operation of rank 0) under translation `shift`?
bool is_translation_of(const LocalOp& operation, const LocalOp& model, int shift,
                       const RankTranslations& translations, int blocks) {
    return operation.op == model.op && operation.src_buffer == model.src_buffer &&
           operation.dst_buffer == model.dst_buffer &&
           operation.rank == translations.add(model.rank, shift) &&
           same_blocks(operation.blocks, model.blocks, shift, translations, blocks);
}

/// Do `items` come in one chunk per symmetry of `translations` (N chunks
/// with steps of 1), chunk t the first chunk under symmetry(t)?
template <typename Item>
bool is_orbit(const std::vector<Item>& items, const RankTranslations& translations, int blocks) {
    const std::size_t count = items.size();
    const auto chunks = static_cast<std::size_t>(translations.symmetries());
    if (count % chunks != 0) return false;
    const std::size_t per_chunk = count / chunks;
    for (std::size_t t = 1; t < chunks; ++t) {
        // The first chunk of the step is the model; the t-th must be it under symmetry t.
        const int shift = translations.symmetry(static_cast<int>(t));
        for (std::size_t j = 0; j < per_chunk; ++j)
            if (!is_translation_of(items[t * per_chunk + j], items[j], shift, translations, blocks))
                return false;
    }
    return true;
}

bool is_symmetric_under(const Schedule& schedule, const RankTranslations& translations) {
    for (const Step& step : schedule.steps)
        if (!is_orbit(step.transfers, translations, schedule.blocks) ||
            !is_orbit(step.local, translations, schedule.blocks))
            return false;
    return true;
}

}  // namespace

bool commutes_with_rotations_by(const Schedule& schedule, int step) {
    const int n = schedule.ranks;
    if (schedule.topology.kind != TopologyKind::ring || n < 2) return false;
    if (step < 1 || n % step != 0) return false;
    // Blocks must rotate with the ranks (groups of n, block b owned by rank b mod n) or not at
    // all (one block).
    if (schedule.blocks != 1 && schedule.blocks % n != 0) return false;
    if (schedule.blocks == 1 && schedule.collective != Collective::allreduce) return false;
    return is_symmetric_under(
        schedule, RankTranslations::ring(n, schedule.blocks).with_symmetry_steps({step}));
}

bool is_rotation_symmetric(const Schedule& schedule) {
    return commutes_with_rotations_by(schedule, 1);
}

int rotation_symmetry_step(const Schedule& schedule) {
    for (int step : {1, 2})
        if (commutes_with_rotations_by(schedule, step)) return step;
    return 0;
}

bool is_translation_symmetric(const Schedule& schedule) {
    if (schedule.topology.kind != TopologyKind::torus) return false;
    const std::optional<RankTranslations> translations = RankTranslations::of(schedule);
    if (!translations) return false;
    if (translations->blocks_move())
        for (const Step& step : schedule.steps)
            if (!step.local.empty()) return false;
    return is_symmetric_under(schedule, *translations);
}

bool has_topology_symmetry(const Schedule& schedule) {
    return is_rotation_symmetric(schedule) || is_translation_symmetric(schedule);
}

bool has_rank_symmetry(const Schedule& schedule) {
    return has_topology_symmetry(schedule) || xor_symmetry(schedule).has_value();
}

}  // namespace trivcheck
