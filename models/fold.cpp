#include "models/fold.hpp"

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

Fold::Fold(int ranks)
    : ranks_(ranks),
      core_size_(static_cast<int>(power(2, floor_log(ranks, 2)))),
      core_steps_(floor_log(ranks, 2)),
      extras_(ranks - core_size_) {}

std::vector<int> Fold::extra_ranks() const {
    std::vector<int> extras;
    extras.reserve(static_cast<std::size_t>(extras_));
    for (int i = 0; i < extras_; ++i) extras.push_back(2 * i);
    return extras;
}

}  // namespace trivcheck
