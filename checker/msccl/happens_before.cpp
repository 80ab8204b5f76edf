#include "checker/msccl/happens_before.hpp"

#include <algorithm>
#include <cassert>

namespace trivcheck::msccl {

HappensBefore::HappensBefore(const ProgramLayout& layout, const FlatSteps& steps)
    : layout_(layout),
      steps_(steps),
      chains_(layout, steps_),
      local_(layout),
      sends_(chains_.count()),
      send_clock_(layout.block_count(), 0),
      last_send_(layout.block_count()),
      sends_made_(layout.block_count(), 0) {
    std::size_t snapshot_entries = 0;
    std::size_t messages = 0;
    for (int block = 0; block < layout.block_count(); ++block)
        for (const Step& step : layout.block(block).steps)
            if (step_sends(step.type)) {
                ++messages;
                snapshot_entries += static_cast<std::size_t>(local_.width(block));
            }
    send_snapshots_.reserve(snapshot_entries);
    messages_.reserve(messages);
    send_snapshot_.assign(messages, -1);
    waiters_.assign(steps_.count(), 0);
    signal_at_.assign(steps_.count(), -1);
    for (int block = 0; block < layout.block_count(); ++block) {
        const auto count = static_cast<int>(layout.block(block).steps.size());
        for (int step = 0; step < count; ++step) {
            const int released = steps_.released_by(block, step);
            if (released >= 0) ++waiters_[steps_.index(steps_.waited_block(block, step), released)];
        }
    }
}

void HappensBefore::start_step(int block, int step) { local_.start_step(block, step); }

int HappensBefore::send(int block) {
    const int ordinal = chains_.first_send(block) + sends_made_[block]++;
    send_snapshot_[ordinal] = static_cast<std::int64_t>(send_snapshots_.size());
    const std::int32_t* local = local_.row(block);
    send_snapshots_.insert(send_snapshots_.end(), local, local + local_.width(block));
    last_send_[block] = chained(ordinal);
    sends_.hold(send_clock_[block]);
    messages_.push_back({send_clock_[block], last_send_[block]});
    return static_cast<int>(messages_.size()) - 1;
}

int HappensBefore::knowing(int clock, ChainedSend send) {
    if (send.rank == 0 || sends_.get(clock, send.chain) >= send.rank) return clock;
    return sends_.raise(clock, send.chain, send.rank);
}

bool HappensBefore::receive(int block, int message) {
    Message& incoming = messages_[message];
    int& mine = send_clock_[block];
    mine = sends_.join(mine, incoming.sends);
    sends_.release(incoming.sends);
    incoming.sends = 0;
    mine = knowing(mine, incoming.send);
    return learn_own_sends(block);
}

bool HappensBefore::learn_own_sends(int block) {
    bool changed = false;
    const int known = send_clock_[block];
    const int gpu = layout_.gpu_of(block);
    for (int chain = chains_.first_chain(gpu); chain < chains_.first_chain(gpu + 1); ++chain) {
        const int rank = sends_.get(known, chain);
        if (rank == 0) continue;
        const SendChains::Send sent = chains_.send(chain, rank - 1);
        if (sent.step < clock(block, sent.block))
            continue;  // already ordered before, with all it saw
        const std::int64_t snapshot = send_snapshot_[sent.ordinal];
        assert(snapshot >= 0);
        changed = local_.join(block, send_snapshots_.data() + snapshot) || changed;
    }
    return changed;
}

void HappensBefore::signal(int block, int step) {
    const std::size_t at = steps_.index(block, step);
    if (waiters_[at] == 0) return;  // nobody will wait for it
    const std::int32_t* local = local_.row(block);
    Signal entry;
    entry.local.assign(local, local + local_.width(block));
    entry.sends = send_clock_[block];
    sends_.hold(entry.sends);
    entry.last_send = last_send_[block];
    entry.waiters = waiters_[at];
    signal_at_[at] = static_cast<int>(signals_.size());
    signals_.push_back(std::move(entry));
}

bool HappensBefore::wait(int block, int waited, int step) {
    const int index = signal_at_[steps_.index(waited, step)];
    assert(index >= 0);
    Signal& entry = signals_[index];
    bool changed = false;
    if (clock(block, waited) <= step) {  // else it saw this step already, and all before it
        changed = local_.join(block, entry.local.data());
        int& mine = send_clock_[block];
        mine = knowing(sends_.join(mine, entry.sends), entry.last_send);
    }
    if (--entry.waiters == 0) {
        sends_.release(entry.sends);
        std::vector<std::int32_t>().swap(entry.local);
    }
    return changed;
}

void HappensBefore::finish(int block) {
    sends_.release(send_clock_[block]);
    send_clock_[block] = 0;
}

std::size_t HappensBefore::entries_allocated() const {
    return local_.size() + send_snapshots_.size() + sends_.entries_allocated();
}

}  // namespace trivcheck::msccl
