#pragma once
#include <cstdint>
#include <stdexcept>

#include "checker/core/contribution_sets.hpp"
#include "checker/core/report.hpp"
#include "checker/core/resource_limit.hpp"
#include "models/rotation_orbit.hpp"

namespace trivcheck {

/// The symbolic state after a step: for each (rank, buffer, block) the set of
/// contributor ranks summed into it, stored relative to the holding rank
/// (contributor c held by rank r is stored as translations.difference(c, r):
/// (c - r) mod n on a ring).
class ExecutionState {
  public:
    /// `rank_orbit`: keep rank 0 only, for a rotation- or translation-symmetric
    /// schedule (models/rotation_symmetry.hpp), or the representatives of
    /// `translations`' symmetries; every other rank is read by translation. Without `cells` nothing
    /// is stored (an execution that measures the messages only).
    ExecutionState(const Schedule& schedule, ContributionSets& sets, bool rank_orbit,
                   const RankTranslations& translations, bool cells = true);
    /// Block `block` of the rank's vector (buffer 0), or of buffer `buffer`.
    SetId relative_value(int rank, int block) const {
        return relative_value(rank, main_buffer, block);
    }
    SetId relative_value(int rank, int buffer, int block) const {
        return cells_[cell_index(rank, buffer, block)];
    }
    bool holds_contributor(int rank, int block, int contributor) const {
        return holds_contributor(rank, main_buffer, block, contributor);
    }
    bool holds_contributor(int rank, int buffer, int block, int contributor) const;
    std::int64_t contributor_count(int rank, int block) const {
        return sets_.size(relative_value(rank, block));
    }
    const ContributionSets& sets() const { return sets_; }
    int ranks() const { return ranks_; }
    int blocks() const { return blocks_; }
    int buffers() const { return buffers_; }
    /// Cells one stored rank has: every block of every buffer.
    std::size_t slots_per_rank() const {
        return static_cast<std::size_t>(buffers_) * static_cast<std::size_t>(blocks_);
    }
    /// Ranks whose state is stored: all of them, or an orbit's representatives
    /// (rank 0 alone, unless it commutes with some translations only).
    int stored_ranks() const { return rank_orbit_ ? translations_.representatives() : ranks_; }
    /// The `index`-th stored rank.
    int stored_rank(int index) const {
        return rank_orbit_ ? translations_.representative(index) : index;
    }

  private:
    friend class Executor;
    std::size_t cell_index(int rank, int buffer, int block) const {
        const auto slot = static_cast<std::size_t>(buffer) * static_cast<std::size_t>(blocks_);
        if (rank_orbit_ && translations_.representatives() == 1)
            return slot + static_cast<std::size_t>(
                              translations_.translate_block(block, translations_.inverse(rank)));
        if (rank_orbit_) {
            // Rank r is its representative moved by a symmetry: read it moved back.
            const int index = translations_.representative_index(rank);
            const int symmetry =
                translations_.difference(translations_.representative(index), rank);
            return static_cast<std::size_t>(index) * slots_per_rank() + slot +
                   static_cast<std::size_t>(translations_.translate_block(block, symmetry));
        }
        return static_cast<std::size_t>(rank) * static_cast<std::size_t>(buffers_) *
                   static_cast<std::size_t>(blocks_) +
               slot + static_cast<std::size_t>(block);
    }
    SetId& cell(int rank, int buffer, int block) { return cells_[cell_index(rank, buffer, block)]; }
    int ranks_;
    int blocks_;
    int buffers_;
    bool rank_orbit_;
    RankTranslations translations_;
    ContributionSets& sets_;
    std::vector<SetId> cells_;
};

/// Sees the state after every step (named checks, pictures, tests).
class StepObserver {
  public:
    virtual ~StepObserver() = default;
    virtual void after_step(int step, const ExecutionState& state) = 0;
};

struct ExecuteOptions {
    /// Violations recorded in full; further ones are only counted.
    int max_recorded_violations = 50;
    /// double_count violations whose copies are traced back to their origin.
    int max_traced_violations = 5;
    /// Refuse (ResourceLimit) when the estimate exceeds this; 0: 80% of available memory.
    std::uint64_t memory_limit_bytes = 0;
    StepObserver* observer = nullptr;
    /// false: never take a fast path (rank orbits, block classes): every
    /// rank and block of the whole schedule is executed, and an orbit is
    /// expanded first. The independent path the agreement tests compare each
    /// fast path with.
    bool use_symmetry = true;
};

/// Bytes the executor would need for `schedule` (state cells and step buffers);
/// a rotation-symmetric schedule needs one rank's state, not n, unless
/// `use_symmetry` is false.
std::uint64_t estimate_execution_memory(const Schedule& schedule, bool use_symmetry = true);

/// Executes `schedule` symbolically with docs/model.md's semantics and returns its
/// figures, verdict and violations. The schedule must be well formed (ranks,
/// blocks in range, no self-sends): readers and generators guarantee that.
Report execute(const Schedule& schedule, const ExecuteOptions& options = {});
/// Executes a rank orbit without expanding it: rank 0 alone, every figure
/// from the model transfers. Same report as executing expand(orbit), except
/// that double counts carry no traced paths (they need the whole schedule).
/// The orbit must be on a ring with 1 block or a multiple of n blocks, or on
/// a torus with blocks as RankTranslations::of takes them (on a torus double
/// counts carry no traced paths either; check_orbit re-checks them whole). With
/// `options.use_symmetry` false, executes expand(orbit) rank by rank instead.
Report execute(const RotationOrbit& orbit, const ExecuteOptions& options = {});

}  // namespace trivcheck
