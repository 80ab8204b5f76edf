#pragma once
#include <vector>

namespace trivcheck {

/// The fold of n ranks onto a core of C = 3^s ranks (3^s the largest power of
/// 3 <= n), for Trivance L at any n: the E = n - C < 2C extra ranks each hand
/// their data to a neighbouring core rank before the core runs and get the
/// result back after it. Core index i owns a cluster of consecutive ranks:
/// an optional left extra, the core rank, an optional right extra. Cluster i
/// takes floor((i+1)E/C) - floor(iE/C) extras (0 or 1 when E <= C, 1 or 2
/// otherwise; a lone extra is on the left), so the extras are spread evenly,
/// core indices keep ring order, and every extra is next to its core rank.
/// For n a power of 3 there are no extras and index = rank.
class TernaryFold {
  public:
    explicit TernaryFold(int ranks);

    int ranks() const { return ranks_; }
    /// C, the number of ranks that run the core algorithm.
    int core_size() const { return static_cast<int>(core_ranks_.size()); }
    /// log3 C.
    int core_steps() const { return core_steps_; }
    bool folded() const { return ranks_ != core_size(); }
    /// The rank that plays core index `index` (0 <= index < C).
    int rank_of(int index) const { return core_ranks_[static_cast<std::size_t>(index)]; }
    /// The extra at rank_of(index) - 1 that folds onto core index `index`, or -1.
    int left_extra(int index) const { return left_extras_[static_cast<std::size_t>(index)]; }
    /// The extra at rank_of(index) + 1 that folds onto core index `index`, or -1.
    int right_extra(int index) const { return right_extras_[static_cast<std::size_t>(index)]; }

  private:
    int ranks_;
    int core_steps_;
    std::vector<int> core_ranks_;
    std::vector<int> left_extras_;
    std::vector<int> right_extras_;
};

}  // namespace trivcheck
