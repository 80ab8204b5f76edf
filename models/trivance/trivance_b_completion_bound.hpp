#pragma once
#include <array>
#include <cstdint>

#include "models/trivance/trivance_b_offsets.hpp"
#include "models/trivance/trivance_tree.hpp"

namespace trivcheck {

/// A lower bound on what the last two steps of a Trivance B plan cost
/// (blocks a link, a phase) to place every displacement of a ring of n not
/// in `placed`, partial steps allowed (docs/trivance-b.md, "A bound on the
/// last two steps"): a relaxation that keeps the distances, which
/// displacements each step can reach and which ones the last step can only
/// reach one way, and counts the rest. Returns at most `cap`: a value v <
/// cap is at most the least completion; v == cap says the least completion
/// costs at least cap. n <= 128.
class TwoStepCompletionBound {
  public:
    TwoStepCompletionBound(int n, Offsets placed);
    /// With the first of the two steps at `first` (a side whose distance is
    /// not 0 adopts at least one displacement: a side that adopts none is the
    /// plan with distance 0 there).
    std::int64_t least(StepDistances first, std::int64_t cap) const;
    /// Over every distance pair of the first step.
    std::int64_t least(std::int64_t cap) const;
    /// Whether least(first, cap) == cap (every completion with the first step
    /// at `first` costs cap or more); stops at the first relaxed completion below cap.
    bool reaches(StepDistances first, std::int64_t cap) const;

  private:
    std::int64_t least_below(StepDistances first, std::int64_t cap, bool first_below) const;
    std::int64_t least_with_last(StepDistances first, Offsets by_plus, Offsets by_minus,
                                 StepDistances last, Offsets forced_plus, Offsets forced_minus,
                                 std::int64_t cap, bool sides_adopt) const;

    int n_;
    Offsets all_;
    Offsets placed_;
    int placed_count_;
    /// placed_ and {-p : p placed} turned by each k in [0, n).
    std::array<Offsets, 128> placed_turned_{};
    std::array<Offsets, 128> mirror_turned_{};
};

}  // namespace trivcheck
