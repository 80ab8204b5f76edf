#include "models/rank_translations.hpp"

#include <stdexcept>
#include <string>

#include "models/rotation_orbit.hpp"

namespace trivcheck {

namespace {

/// A ring's blocks turned within their groups; shares the pattern when one offset does it.
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

RankTranslations::RankTranslations(std::vector<int> extents, std::vector<int> ring_blocks)
    : extents_(std::move(extents)), ring_blocks_(std::move(ring_blocks)) {
    for (int extent : extents_) {
        strides_.push_back(ranks_);
        ranks_ *= extent;
    }
    steps_.assign(extents_.size(), 1);
    for (int blocks : ring_blocks_) {
        block_strides_.push_back(part_);
        part_ *= blocks;
    }
}

std::optional<RankTranslations> RankTranslations::of(const Schedule& schedule) {
    const Topology& topology = schedule.topology;
    const int n = schedule.ranks;
    if (n < 2 || topology.rank_count() != n) return std::nullopt;
    if (topology.kind != TopologyKind::ring && topology.kind != TopologyKind::torus)
        return std::nullopt;
    // Blocks stay put only where every rank starts with its contribution to each (allreduce).
    const int staying =
        topology.kind == TopologyKind::ring ? 1 : static_cast<int>(topology.dims.size());
    if (schedule.blocks == staying && schedule.collective == Collective::allreduce)
        return RankTranslations(topology.dims, {});
    if (schedule.blocks % n != 0) return std::nullopt;
    if (topology.kind == TopologyKind::ring)
        return RankTranslations(topology.dims, {schedule.blocks});
    // D collectives of k^D·N blocks each: B_d = k·n_d.
    const auto dimensions = static_cast<int>(topology.dims.size());
    if (schedule.blocks % dimensions != 0) return std::nullopt;
    const std::int64_t per_collective = schedule.blocks / dimensions;
    for (std::int64_t k = 1; power(k, dimensions) * n <= per_collective; ++k) {
        if (power(k, dimensions) * n != per_collective) continue;
        std::vector<int> ring_blocks;
        for (int extent : topology.dims) ring_blocks.push_back(static_cast<int>(k) * extent);
        return RankTranslations(topology.dims, std::move(ring_blocks));
    }
    return std::nullopt;
}

std::optional<RankTranslations> RankTranslations::binary_digits() const {
    const auto power_of_two = [](int value) { return value >= 1 && (value & (value - 1)) == 0; };
    std::vector<int> digits;
    std::vector<int> digit_blocks;
    for (std::size_t d = 0; d < extents_.size(); ++d) {
        const int extent = extents_[d];
        if (extent < 2 || !power_of_two(extent)) return std::nullopt;
        for (int bit = 1; bit < extent; bit *= 2) {
            digits.push_back(2);
            if (blocks_move()) digit_blocks.push_back(2);
        }
        if (!blocks_move() || ring_blocks_[d] == extent) continue;
        const int rest = ring_blocks_[d] / extent;
        if (!power_of_two(rest)) return std::nullopt;
        digits.push_back(1);
        digit_blocks.push_back(rest);
    }
    if (digits.size() < 2) return std::nullopt;
    return RankTranslations(std::move(digits), std::move(digit_blocks));
}

RankTranslations RankTranslations::with_symmetry_steps(std::vector<int> steps) const {
    if (steps.size() != extents_.size())
        throw std::invalid_argument("symmetry steps: one per dimension");
    RankTranslations result = *this;
    result.representatives_ = 1;
    for (std::size_t d = 0; d < steps.size(); ++d) {
        if (steps[d] < 1 || extents_[d] % steps[d] != 0)
            throw std::invalid_argument("symmetry steps: " + std::to_string(steps[d]) +
                                        " does not divide extent " + std::to_string(extents_[d]));
        result.representatives_ *= steps[d];
    }
    result.steps_ = std::move(steps);
    return result;
}

int RankTranslations::representative(int index) const {
    int rank = 0;
    for (std::size_t d = 0; d < extents_.size(); ++d) {
        rank += index % steps_[d] * strides_[d];
        index /= steps_[d];
    }
    return rank;
}

int RankTranslations::representative_index(int rank) const {
    int index = 0;
    int weight = 1;
    for (std::size_t d = 0; d < extents_.size(); ++d) {
        index += rank / strides_[d] % extents_[d] % steps_[d] * weight;
        weight *= steps_[d];
    }
    return index;
}

int RankTranslations::symmetry_index(int translation) const {
    int index = 0;
    int weight = 1;
    for (std::size_t d = 0; d < extents_.size(); ++d) {
        index += translation / strides_[d] % extents_[d] / steps_[d] * weight;
        weight *= extents_[d] / steps_[d];
    }
    return index;
}

int RankTranslations::symmetry(int index) const {
    int translation = 0;
    for (std::size_t d = 0; d < extents_.size(); ++d) {
        const int count = extents_[d] / steps_[d];
        translation += index % count * steps_[d] * strides_[d];
        index /= count;
    }
    return translation;
}

BlockSet RankTranslations::translate_blocks(const BlockSet& blocks, int translation) const {
    if (is_ring())
        return turned_blocks(blocks, wrap(translation, ranks_), ranks_, blocks.modulus());
    if (!blocks_move() || translation == 0) return blocks;
    std::vector<int> moved;
    moved.reserve(blocks.size());
    blocks.for_each([&](int block) { moved.push_back(translate_block(block, translation)); });
    return BlockSet(std::move(moved), blocks.modulus());
}

}  // namespace trivcheck
