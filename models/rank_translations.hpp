#pragma once
#include <optional>
#include <vector>

#include "models/ring_arithmetic.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// The translations of a ring or torus, one per rank: translation t takes
/// rank 0 to rank t (a ring turns, r -> r + t mod n; a torus adds t's
/// coordinates to each rank's, dimension by dimension, modulo the extents).
/// Rank orbits (models/rotation_orbit.hpp) keep one rank's messages and
/// execute them under every translation; this is all the rank and block
/// arithmetic they need. Blocks either stay put (one block per collective,
/// for an allreduce) or move with the ranks: a torus block is (collective i,
/// ring block b_d per dimension) numbered i·P + b_0 + B_0·b_1 + ...
/// (models/torus_lift.hpp, P = B_0·B_1·...), each B_d a multiple of the
/// extent n_d, and a translation turns each b_d within its group of n_d as
/// rotate_block does on a ring (a ring is the one-dimensional case, B_0 = B).
class RankTranslations {
  public:
    /// `extents`: {n} for a ring, the torus's sizes otherwise; `ring_blocks`:
    /// B_d per dimension when blocks move, empty when they stay put.
    RankTranslations(std::vector<int> extents, std::vector<int> ring_blocks);

    /// The translations `schedule` may commute with: a ring's with 1 block
    /// (allreduce) or a multiple of n; a torus's with one block per dimension
    /// (allreduce, the L forms) or D·k^D·N blocks (B_d = k·n_d, the B forms).
    /// nullopt otherwise.
    static std::optional<RankTranslations> of(const Schedule& schedule);
    /// A ring of `ranks` with `blocks` blocks: they move with the ranks unless there is one.
    static RankTranslations ring(int ranks, int blocks) {
        return blocks != 1 ? RankTranslations({ranks}, {blocks}) : RankTranslations({ranks}, {});
    }

    int ranks() const { return ranks_; }
    bool is_ring() const { return extents_.size() == 1; }
    bool blocks_move() const { return !ring_blocks_.empty(); }
    const std::vector<int>& extents() const { return extents_; }

    /// Rank `rank` moved by translation `translation` (a ring takes any integers).
    int add(int rank, int translation) const {
        if (is_ring()) return wrap(static_cast<std::int64_t>(rank) + translation, ranks_);
        int sum = 0;
        for (std::size_t d = 0; d < extents_.size(); ++d) {
            const int coordinate =
                rank / strides_[d] % extents_[d] + translation / strides_[d] % extents_[d];
            sum +=
                (coordinate >= extents_[d] ? coordinate - extents_[d] : coordinate) * strides_[d];
        }
        return sum;
    }
    /// The translation that takes rank `from` to rank `to`.
    int difference(int to, int from) const {
        if (is_ring()) return wrap(static_cast<std::int64_t>(to) - from, ranks_);
        int sum = 0;
        for (std::size_t d = 0; d < extents_.size(); ++d) {
            const int coordinate =
                to / strides_[d] % extents_[d] - from / strides_[d] % extents_[d];
            sum += (coordinate < 0 ? coordinate + extents_[d] : coordinate) * strides_[d];
        }
        return sum;
    }
    /// The translation that undoes `translation`.
    int inverse(int translation) const { return difference(0, translation); }
    /// Where block `block` goes under translation `translation`.
    int translate_block(int block, int translation) const {
        if (!blocks_move()) return block;
        if (is_ring()) {
            const int index = block % ranks_;
            const int moved = index + translation % ranks_;
            return block - index + (moved >= ranks_ ? moved - ranks_ : moved);
        }
        const int rest = block % part_;
        int result = block - rest;
        for (std::size_t d = 0; d < extents_.size(); ++d) {
            const int digit = rest / block_strides_[d] % ring_blocks_[d];
            const int index = digit % extents_[d];
            const int moved = index + translation / strides_[d] % extents_[d];
            result += (digit - index + (moved >= extents_[d] ? moved - extents_[d] : moved)) *
                      block_strides_[d];
        }
        return result;
    }
    /// The rank block `block` belongs to (its owner, moved as ranks are).
    int block_position(int block) const {
        if (!blocks_move()) return 0;
        if (is_ring()) return block % ranks_;
        const int rest = block % part_;
        int position = 0;
        for (std::size_t d = 0; d < extents_.size(); ++d)
            position += rest / block_strides_[d] % ring_blocks_[d] % extents_[d] * strides_[d];
        return position;
    }
    /// The same ranks and blocks under XOR instead of addition: every extent
    /// (a power of two) split into its binary digits, each a dimension of
    /// extent 2 (a block's digit moves with its owner's bit), and what is left
    /// of a dimension's blocks (B_d / n_d, a power of two) a dimension of
    /// extent 1 that never moves. Translation t then takes rank r to r XOR t
    /// and block b to b XOR translate_block(0, t). nullopt unless every extent
    /// and every B_d / n_d is a power of two, and there are two digits or more
    /// (with one, XOR is the rotation).
    std::optional<RankTranslations> binary_digits() const;
    /// `blocks` under translation `translation`, in the order a whole schedule
    /// lists them: a ring's turned with their shared pattern (rotate_block), a
    /// torus's sorted.
    BlockSet translate_blocks(const BlockSet& blocks, int translation) const;

    /// The same translations, of which a rank orbit is symmetric under those
    /// that move each coordinate d by a multiple of `steps[d]` (a divisor of
    /// extent d; 1 everywhere, the default: every translation). Swing commutes
    /// with even translations only (models/swing.hpp): steps of 2. The
    /// translations keep their arithmetic (add, difference, blocks); an orbit
    /// stores one representative rank per coset of the symmetries, the one
    /// whose coordinates are below the steps.
    RankTranslations with_symmetry_steps(std::vector<int> steps) const;
    const std::vector<int>& symmetry_steps() const { return steps_; }
    /// How many representatives (the product of the steps), and how many
    /// symmetries (N / representatives).
    int representatives() const { return representatives_; }
    int symmetries() const { return ranks_ / representatives_; }
    /// Representative `index` (0 <= index < representatives()) as a rank, and
    /// the index of the representative of `rank`'s coset.
    int representative(int index) const;
    int representative_index(int rank) const;
    /// The representative of `rank`'s coset (`rank` itself for a representative).
    int representative_of(int rank) const { return representative(representative_index(rank)); }
    /// The order of the symmetries (the order an orbit's whole steps list
    /// them in): `translation` (a symmetry) is the symmetry_index-th, and
    /// symmetry(i) the i-th. With steps of 1 both are the identity.
    int symmetry_index(int translation) const;
    int symmetry(int index) const;

  private:
    std::vector<int> extents_;
    std::vector<int> strides_;
    int ranks_ = 1;
    std::vector<int> ring_blocks_;
    std::vector<int> block_strides_;
    int part_ = 1;
    std::vector<int> steps_;
    int representatives_ = 1;
};

}  // namespace trivcheck
