#include "checker/asynchronous/happens_before.hpp"

#include <algorithm>
#include <cassert>

namespace trivcheck::msccl {

namespace {

int count_senders(const ProgramLayout& layout) {
    int senders = 0;
    for (int block = 0; block < layout.block_count(); ++block)
        senders += layout.links(block).send_connection >= 0 ? 1 : 0;
    return senders;
}

}  // namespace

HappensBefore::HappensBefore(const ProgramLayout& layout)
    : layout_(layout),
      local_index_(layout.block_count()),
      local_base_(layout.block_count()),
      sender_index_(layout.block_count(), -1),
      gpu_senders_(layout.gpu_count()),
      sends_(count_senders(layout)),
      send_clock_(layout.block_count(), 0),
      last_send_(layout.block_count(), 0),
      step_base_(layout.block_count() + 1, 0) {
    std::size_t local_entries = 0;
    std::size_t snapshot_entries = 0;
    std::size_t messages = 0;
    int senders = 0;
    for (int block = 0; block < layout.block_count(); ++block) {
        const int gpu = layout.gpu_of(block);
        const int width = static_cast<int>(layout.gpu(gpu).thread_blocks.size());
        local_index_[block] =
            block == 0 || layout.gpu_of(block - 1) != gpu ? 0 : local_index_[block - 1] + 1;
        local_base_[block] = local_entries;
        local_entries += static_cast<std::size_t>(width);
        if (layout.links(block).send_connection >= 0) {
            sender_index_[block] = senders++;
            gpu_senders_[gpu].push_back(block);
        }
        step_base_[block + 1] = step_base_[block] + layout.block(block).steps.size();
        for (const Step& step : layout.block(block).steps)
            if (step_sends(step.type)) {
                ++messages;
                snapshot_entries += static_cast<std::size_t>(width);
            }
    }
    send_snapshots_.reserve(snapshot_entries);
    messages_.reserve(messages);
    local_.assign(local_entries, 0);
    const std::size_t steps = step_base_.back();
    send_snapshot_.assign(steps, -1);
    waiters_.assign(steps, 0);
    signal_at_.assign(steps, -1);
    // The signalling step each wait will join: the first at or after `deps`
    // (per thread block, one entry per step and one past its end: -1, none).
    std::vector<int> first_signal_from(steps + layout.block_count(), -1);
    const auto first_base = [&](int block) { return step_base_[block] + block; };
    for (int block = 0; block < layout.block_count(); ++block) {
        const std::vector<Step>& steps_of = layout.block(block).steps;
        int* first = first_signal_from.data() + first_base(block);
        for (int step = static_cast<int>(steps_of.size()) - 1; step >= 0; --step)
            first[step] = steps_of[step].signals ? step : first[step + 1];
    }
    for (int block = 0; block < layout.block_count(); ++block)
        for (const Step& step : layout.block(block).steps) {
            if (step.depends_on_block < 0) continue;
            const int waited = layout.block_with_id(layout.gpu_of(block), step.depends_on_block);
            if (waited < 0) continue;
            const int last = static_cast<int>(layout.block(waited).steps.size());
            const int from = std::clamp(step.depends_on_step, 0, last);
            const int signal = first_signal_from[first_base(waited) + from];
            if (signal >= 0) ++waiters_[step_index(waited, signal)];
        }
}

void HappensBefore::start_step(int block, int step) {
    local_[local_base_[block] + local_index_[block]] = step + 1;
}

int HappensBefore::send(int block) {
    const int step = clock(block, block) - 1;
    const int width = static_cast<int>(layout_.gpu(layout_.gpu_of(block)).thread_blocks.size());
    send_snapshot_[step_index(block, step)] = static_cast<std::int64_t>(send_snapshots_.size());
    const std::int32_t* local = local_.data() + local_base_[block];
    send_snapshots_.insert(send_snapshots_.end(), local, local + width);
    last_send_[block] = step + 1;
    sends_.hold(send_clock_[block]);
    messages_.push_back({send_clock_[block], block, step + 1});
    return static_cast<int>(messages_.size()) - 1;
}

void HappensBefore::receive(int block, int message) {
    Message& incoming = messages_[message];
    int& mine = send_clock_[block];
    mine = sends_.join(mine, incoming.sends);
    sends_.release(incoming.sends);
    incoming.sends = 0;
    const int sender = sender_index_[incoming.sender];
    if (sends_.get(mine, sender) < incoming.clock)
        mine = sends_.raise(mine, sender, incoming.clock);
    learn_own_sends(block);
}

void HappensBefore::learn_own_sends(int block) {
    const int known = send_clock_[block];
    for (int sender : gpu_senders_[layout_.gpu_of(block)]) {
        if (sender == block) continue;
        const int sent = sends_.get(known, sender_index_[sender]);
        if (sent <= clock(block, sender)) continue;  // already ordered before, with all it saw
        const std::int64_t snapshot = send_snapshot_[step_index(sender, sent - 1)];
        assert(snapshot >= 0);
        join_local(block, send_snapshots_.data() + snapshot);
    }
}

void HappensBefore::join_local(int block, const std::int32_t* local) {
    const int width = static_cast<int>(layout_.gpu(layout_.gpu_of(block)).thread_blocks.size());
    std::int32_t* own = local_.data() + local_base_[block];
    for (int index = 0; index < width; ++index) own[index] = std::max(own[index], local[index]);
}

void HappensBefore::signal(int block, int step) {
    const std::size_t at = step_index(block, step);
    if (waiters_[at] == 0) return;  // nobody will wait for it
    const int width = static_cast<int>(layout_.gpu(layout_.gpu_of(block)).thread_blocks.size());
    const std::int32_t* local = local_.data() + local_base_[block];
    Signal entry;
    entry.local.assign(local, local + width);
    entry.sends = send_clock_[block];
    sends_.hold(entry.sends);
    entry.last_send = last_send_[block];
    entry.waiters = waiters_[at];
    signal_at_[at] = static_cast<int>(signals_.size());
    signals_.push_back(std::move(entry));
}

void HappensBefore::wait(int block, int waited, int step) {
    const int index = signal_at_[step_index(waited, step)];
    assert(index >= 0);
    Signal& entry = signals_[index];
    if (clock(block, waited) <= step) {  // else it saw this step already, and all before it
        join_local(block, entry.local.data());
        int& mine = send_clock_[block];
        mine = sends_.join(mine, entry.sends);
        const int sender = sender_index_[waited];
        if (sender >= 0 && sends_.get(mine, sender) < entry.last_send)
            mine = sends_.raise(mine, sender, entry.last_send);
    }
    if (--entry.waiters == 0) {
        sends_.release(entry.sends);
        std::vector<std::int32_t>().swap(entry.local);
    }
}

void HappensBefore::finish(int block) {
    sends_.release(send_clock_[block]);
    send_clock_[block] = 0;
}

std::size_t HappensBefore::entries_allocated() const {
    return local_.size() + send_snapshots_.size() + sends_.entries_allocated();
}

}  // namespace trivcheck::msccl
