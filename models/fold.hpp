#pragma once
#include <vector>

namespace trivcheck {

/// The usual fold of n ranks onto a power-of-two core (as in MPICH's
/// recursive doubling): with P the largest power of two <= n and E = n - P,
/// each extra rank 2i (i < E) hands its data to its partner 2i + 1 before the
/// core algorithm runs and gets the result back after it. Core index i is
/// rank 2i + 1 for i < E and rank i + E otherwise, so core indices keep the
/// ring order. For n a power of two there are no extras and index = rank.
class Fold {
  public:
    explicit Fold(int ranks);

    int ranks() const { return ranks_; }
    /// P, the number of ranks that run the core algorithm.
    int core_size() const { return core_size_; }
    /// log2 P.
    int core_steps() const { return core_steps_; }
    bool folded() const { return ranks_ != core_size_; }
    /// The rank that plays core index `index` (0 <= index < P).
    int rank_of(int index) const { return index < extras_ ? 2 * index + 1 : index + extras_; }
    /// The extra ranks 0, 2, ..., 2E - 2; the partner of extra e is e + 1.
    std::vector<int> extra_ranks() const;

  private:
    int ranks_;
    int core_size_;
    int core_steps_;
    int extras_;
};

}  // namespace trivcheck
