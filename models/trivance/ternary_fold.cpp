#include "models/trivance/ternary_fold.hpp"

#include <cstdint>

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

TernaryFold::TernaryFold(int ranks) : ranks_(ranks), core_steps_(floor_log(ranks, 3)) {
    const auto core = static_cast<int>(power(3, core_steps_));
    const std::int64_t extras = ranks - core;
    core_ranks_.reserve(static_cast<std::size_t>(core));
    left_extras_.assign(static_cast<std::size_t>(core), -1);
    right_extras_.assign(static_cast<std::size_t>(core), -1);
    int next = 0;
    for (int i = 0; i < core; ++i) {
        // Evenly spread: any w consecutive clusters take floor or ceil of w·E/C
        // extras, so a core distance spans nearly the same physical distance
        // everywhere on the ring.
        const auto taken = static_cast<int>((i + 1) * extras / core - i * extras / core);
        if (taken >= 1) left_extras_[static_cast<std::size_t>(i)] = next++;
        core_ranks_.push_back(next++);
        if (taken == 2) right_extras_[static_cast<std::size_t>(i)] = next++;
    }
}

}  // namespace trivcheck
