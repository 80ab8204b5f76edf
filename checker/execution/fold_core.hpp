#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "checker/execution/block_classes.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// A folded all-reduce (models/fold.hpp, MPICH's recursive doubling for n
/// not a power of two): a schedule whose first step is exactly some extra
/// ranks each reducing its whole vector into a partner that is not extra,
/// whose last step is exactly each partner copying its whole vector back to
/// its extra, and whose other steps leave the extras alone.
///
/// After the first step a partner p of extras x, ... holds {p, x, ...} for
/// every block and every other core rank q holds {q}; these sets are
/// disjoint, so the middle steps combine them as they would singletons: the
/// schedule holds exactly when its core does, the all-reduce of the core
/// ranks (numbered in rank order) by the middle steps (docs/model.md,
/// "Folds"). The core's blocks are its block classes (block_classes.hpp),
/// one block each, numbered by their first block, so that every n with the
/// same core gives the same schedule: recursive doubling B and Swing B on
/// any n from P to 2P - 1 have one core, their B form's on P ranks.
class FoldedSchedule {
  public:
    /// The schedule seen as a fold (it must outlive the result); nullopt
    /// unless it is an all-reduce of two blocks or more with no scratch
    /// buffers or local operations, on a ring, with that shape.
    static std::optional<FoldedSchedule> of(const Schedule& schedule);

    /// The core as a schedule of its own.
    Schedule core() const;
    /// Whether `core` is this schedule's core (ranks, blocks, ports and every
    /// transfer in order; names, phases and routes aside, which change no
    /// cell), compared without building it.
    bool has_core(const Schedule& core) const;

  private:
    FoldedSchedule() = default;
    int core_index(int rank) const { return core_index_[static_cast<std::size_t>(rank)]; }
    /// The classes `blocks` carry, ascending when they come so.
    BlockSet classes_carried(const BlockSet& blocks) const;
    /// Whether `blocks` carry exactly the classes of `quotient`, a core's set.
    bool carries_classes(const BlockSet& blocks, const BlockSet& quotient,
                         std::vector<int>& scratch) const;

    const Schedule* schedule_ = nullptr;
    std::vector<int> core_index_;  // [rank] -> core index, -1 for an extra
    int core_ranks_ = 0;
    BlockClasses classes_;
    std::vector<std::uint8_t> first_;  // classes_.representatives()
};

/// FoldedSchedule::of(schedule)->core(), or nullopt.
std::optional<Schedule> fold_core(const Schedule& schedule);

}  // namespace trivcheck
