#include "models/trivance/trivance_fold.hpp"

#include "models/ring_arithmetic.hpp"
#include "models/trivance/ternary_fold.hpp"

namespace trivcheck {

namespace {

/// Extras hand their whole vector to their core rank: each link carries one message.
Step fold_in(const TernaryFold& fold, const BlockSet& whole) {
    Step step{"allreduce", {}};
    for (int c = 0; c < fold.core_size(); ++c) {
        const int core = fold.rank_of(c);
        if (fold.left_extra(c) >= 0)
            step.transfers.push_back({fold.left_extra(c), core, whole, Op::reduce, Route::plus});
        if (fold.right_extra(c) >= 0)
            step.transfers.push_back({fold.right_extra(c), core, whole, Op::reduce, Route::minus});
    }
    return step;
}

/// Core ranks copy the finished result to their extras.
Step fold_out(const TernaryFold& fold, const BlockSet& whole) {
    Step step{"allreduce", {}};
    for (int c = 0; c < fold.core_size(); ++c) {
        const int core = fold.rank_of(c);
        if (fold.left_extra(c) >= 0)
            step.transfers.push_back({core, fold.left_extra(c), whole, Op::copy, Route::minus});
        if (fold.right_extra(c) >= 0)
            step.transfers.push_back({core, fold.right_extra(c), whole, Op::copy, Route::plus});
    }
    return step;
}

}  // namespace

Schedule trivance_latency_fold(Schedule base) {
    Schedule schedule = std::move(base);
    const TernaryFold fold(schedule.ranks);
    schedule.name = "trivance-L-fold-" + std::to_string(schedule.ranks);
    schedule.blocks = 1;
    const BlockSet whole = BlockSet::all(1);
    if (fold.folded()) schedule.steps.push_back(fold_in(fold, whole));
    const int core = fold.core_size();
    for (int k = 0; k < fold.core_steps(); ++k) {
        const auto d = static_cast<int>(power(3, k));
        Step step{"allreduce", {}};
        step.transfers.reserve(2 * static_cast<std::size_t>(core));
        // Naming the direction keeps every message going the way of its core
        // index, so a link between core indices j and j + 1 carries exactly
        // the 3^k messages whose sender is among the 3^k indices before it.
        for (int c = 0; c < core; ++c) {
            const int sender = fold.rank_of(c);
            step.transfers.push_back(
                {sender, fold.rank_of(wrap(c + d, core)), whole, Op::reduce, Route::plus});
            step.transfers.push_back(
                {sender, fold.rank_of(wrap(c - d, core)), whole, Op::reduce, Route::minus});
        }
        schedule.steps.push_back(std::move(step));
    }
    if (fold.folded()) schedule.steps.push_back(fold_out(fold, whole));
    return schedule;
}

}  // namespace trivcheck
