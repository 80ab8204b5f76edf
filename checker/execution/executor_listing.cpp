// The violations an orbit lists in full: those the whole execution would list
// first, in its order (executor.cpp records one representative per orbit).
#include <algorithm>
#include <vector>

#include "checker/execution/executor_parts.hpp"
#include "models/ring_arithmetic.hpp"

namespace trivcheck {

void Executor::list_whole_step(int step_index, const Step& step, std::size_t listed_before) {
    // Every rank's step is rank 0's turned, so each rank has the same violations, turned:
    // the listing stops after the first ranks that fill the list.
    report_.violations.resize(listed_before);
    listing_ = true;
    const int n = schedule_.ranks;
    const int messages = static_cast<int>(model_size(step));
    // The whole step checks every rank's ports before it delivers anything.
    if (messages > schedule_.ports)
        for (int rank = 0; rank < n && has_room(); ++rank) {
            report_port_overuse(step_index, rank, true, messages,
                                orbit_hops(step_index, step, rank, true));
            if (has_room())
                report_port_overuse(step_index, rank, false, messages,
                                    orbit_hops(step_index, step, rank, false));
        }
    for (int dst = 0; dst < n && has_room(); ++dst) {
        orbit_arrivals(step, dst, listed_arrivals_);
        if (!listed_arrivals_.empty())
            deliver(step_index, dst, listed_arrivals_.data(),
                    listed_arrivals_.data() + listed_arrivals_.size());
    }
    listing_ = false;
}

void Executor::list_whole_missing(std::size_t listed_before) {
    report_.violations.resize(listed_before);
    listing_ = true;
    const int n = schedule_.ranks;
    const int blocks = schedule_.blocks;
    if (schedule_.collective == Collective::reduce_scatter) {
        for (int b = 0; b < blocks && has_room(); ++b)
            if (ends_wrong(schedule_.owner_of_block(b), b))
                report_missing(schedule_.owner_of_block(b), b);
        listing_ = false;
        return;
    }
    // Rank r ends wrong in block b exactly when rank 0 does in b translated back by r:
    // from rank 0's wrong blocks, by group (the block of the group at position 0) and
    // position, the ranks of each block. Blocks that stay put are wrong at every rank or
    // at none.
    const bool moving = translations_.blocks_move();
    auto group_of = [&](int block) {
        return translations_.translate_block(
            block, translations_.inverse(translations_.block_position(block)));
    };
    std::vector<std::vector<int>> wrong_in_group(static_cast<std::size_t>(blocks));
    for (int b = 0; b < blocks; ++b)
        if (ends_wrong(0, b))
            wrong_in_group[static_cast<std::size_t>(group_of(b))].push_back(
                translations_.block_position(b));
    std::vector<int> ranks;
    for (int b = 0; b < blocks && has_room(); ++b) {
        const std::vector<int>& wrong = wrong_in_group[static_cast<std::size_t>(group_of(b))];
        ranks.clear();
        if (!moving) {
            if (!wrong.empty())
                for (int r = 0;
                     r < n && static_cast<int>(ranks.size()) < options_.max_recorded_violations;
                     ++r)
                    ranks.push_back(r);
        } else {
            for (const int position : wrong)
                ranks.push_back(
                    translations_.difference(translations_.block_position(b), position));
            std::sort(ranks.begin(), ranks.end());
        }
        for (std::size_t i = 0; i < ranks.size() && has_room(); ++i) report_missing(ranks[i], b);
    }
    listing_ = false;
}

}  // namespace trivcheck
