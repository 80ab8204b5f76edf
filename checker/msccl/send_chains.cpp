#include "checker/msccl/send_chains.hpp"

#include <algorithm>
#include <cstdint>

namespace trivcheck::msccl {

namespace {

/// How many of a gpu's latest chains a send tries before it opens one of its
/// own (bounds the work on programs with very many unordered sends).
constexpr int chains_tried = 64;

}  // namespace

SendChains::SendChains(const ProgramLayout& layout, const FlatSteps& steps)
    : first_chain_(layout.gpu_count() + 1, 0), first_send_(layout.block_count() + 1, 0) {
    for (int block = 0; block < layout.block_count(); ++block) {
        int sends = 0;
        for (const Step& step : layout.block(block).steps) sends += step_sends(step.type) ? 1 : 0;
        first_send_[block + 1] = first_send_[block] + sends;
    }
    chain_.assign(first_send_.back(), -1);
    position_.assign(first_send_.back(), -1);
    int first = 0;
    for (int gpu = 0; gpu < layout.gpu_count(); ++gpu) {
        first_chain_[gpu] = count();
        int end = first;
        while (end < layout.block_count() && layout.gpu_of(end) == gpu) ++end;
        cut_gpu(layout, steps, first, end);
        first = end;
    }
    first_chain_[layout.gpu_count()] = count();
}

void SendChains::place(int chain, const Send& send) {
    chain_[send.ordinal] = chain;
    position_[send.ordinal] = static_cast<int>(elements_[chain].size());
    elements_[chain].push_back(send);
}

void SendChains::cut_gpu(const ProgramLayout& layout, const FlatSteps& steps, int first, int end) {
    const int width = end - first;
    const int gpu_chains = count();
    // known[t * width + x]: steps of thread block first + x ordered before the
    // next step of first + t by the gpu's own order (its local clock).
    std::vector<std::int32_t> known(static_cast<std::size_t>(width) * width, 0);
    std::vector<int> next(width, 0);
    std::vector<int> sends_made(width, 0);
    const std::size_t flat_first = steps.index(first, 0);
    std::vector<std::int64_t> snapshot_at(steps.index(end, 0) - flat_first, -1);
    std::vector<std::int32_t> snapshots;
    std::vector<std::vector<int>> waiting_for(width);
    std::vector<int> ready(width);
    for (int t = 0; t < width; ++t) ready[t] = width - 1 - t;
    while (!ready.empty()) {
        const int t = ready.back();
        ready.pop_back();
        const int block = first + t;
        const std::vector<Step>& block_steps = layout.block(block).steps;
        std::int32_t* mine = known.data() + static_cast<std::size_t>(t) * width;
        while (next[t] < static_cast<int>(block_steps.size())) {
            const int step = next[t];
            const Step& current = block_steps[step];
            if (current.depends_on_block >= 0) {
                const int waited = steps.waited_block(block, step);
                const int released = steps.released_by(block, step);
                if (waited < 0 || released < 0) break;  // never released
                if (next[waited - first] <= released) {
                    waiting_for[waited - first].push_back(t);
                    break;
                }
                const std::int32_t* seen =
                    snapshots.data() + snapshot_at[steps.index(waited, released) - flat_first];
                for (int x = 0; x < width; ++x) mine[x] = std::max(mine[x], seen[x]);
            }
            mine[t] = step + 1;
            if (step_sends(current.type)) {
                int chain = -1;
                for (int c = count() - 1; c >= std::max(gpu_chains, count() - chains_tried); --c) {
                    const Send& last = elements_[c].back();
                    if (mine[last.block - first] >= last.step + 1) {
                        chain = c;
                        break;
                    }
                }
                if (chain < 0) {
                    chain = count();
                    elements_.emplace_back();
                }
                place(chain, {block, step, first_send_[block] + sends_made[t]++});
            }
            ++next[t];
            if (current.signals) {
                snapshot_at[steps.index(block, step) - flat_first] =
                    static_cast<std::int64_t>(snapshots.size());
                snapshots.insert(snapshots.end(), mine, mine + width);
                for (const int waiter : waiting_for[t]) ready.push_back(waiter);
                waiting_for[t].clear();
            }
        }
    }
    // Sends behind a wait that is never released: a chain each.
    for (int t = 0; t < width; ++t) {
        const std::vector<Step>& block_steps = layout.block(first + t).steps;
        for (int step = next[t]; step < static_cast<int>(block_steps.size()); ++step)
            if (step_sends(block_steps[step].type)) {
                elements_.emplace_back();
                place(count() - 1, {first + t, step, first_send_[first + t] + sends_made[t]++});
            }
    }
}

}  // namespace trivcheck::msccl
