#include "checker/asynchronous/send_clocks.hpp"

#include <algorithm>
#include <limits>

namespace trivcheck::msccl {

SendClocks::SendClocks(const std::vector<int>& senders)
    : gpus_(senders.size()),
      parts_of_(senders.size(), 0),
      holders_{std::numeric_limits<std::int64_t>::max() / 2} {
    parts_.reserve(senders.size());
    for (const int width : senders) parts_.emplace_back(width);
}

void SendClocks::release(int id) {
    if (--holders_[static_cast<std::size_t>(id)] != 0) return;
    for (std::size_t gpu = 0; gpu < gpus_; ++gpu)
        parts_[gpu].release(part(id, static_cast<int>(gpu)));
    free_.push_back(id);
}

int SendClocks::writable(int id) {
    if (holders_[static_cast<std::size_t>(id)] == 1) return id;
    int copy = 0;
    if (!free_.empty()) {
        copy = free_.back();
        free_.pop_back();
    } else {
        copy = static_cast<int>(holders_.size());
        holders_.push_back(0);
        parts_of_.resize(parts_of_.size() + gpus_);
    }
    for (std::size_t gpu = 0; gpu < gpus_; ++gpu) {
        const int shared = part(id, static_cast<int>(gpu));
        parts_[gpu].hold(shared);
        part(copy, static_cast<int>(gpu)) = shared;
    }
    holders_[static_cast<std::size_t>(copy)] = 1;
    release(id);
    return copy;
}

int SendClocks::raise(int id, int gpu, int index, std::int32_t value) {
    id = writable(id);
    SharedClocks& clocks = parts_[static_cast<std::size_t>(gpu)];
    int& own = part(id, gpu);
    own = clocks.writable(own);
    clocks.entries(own)[index] = value;
    return id;
}

int SendClocks::join(int into, int from) {
    if (into == from) return into;
    bool changes = false;
    bool from_covers = true;
    for (std::size_t gpu = 0; gpu < gpus_; ++gpu) {
        const int mine = part(into, static_cast<int>(gpu));
        const int seen = part(from, static_cast<int>(gpu));
        if (mine == seen) continue;
        const SharedClocks& clocks = parts_[gpu];
        if (!clocks.covers(mine, seen)) changes = true;
        if (from_covers && !clocks.covers(seen, mine)) from_covers = false;
        if (changes && !from_covers) break;
    }
    if (!changes) return into;
    if (from_covers) {
        hold(from);
        release(into);
        return from;
    }
    into = writable(into);
    for (std::size_t gpu = 0; gpu < gpus_; ++gpu) {
        int& mine = part(into, static_cast<int>(gpu));
        const int seen = part(from, static_cast<int>(gpu));
        if (mine != seen) mine = parts_[gpu].join(mine, seen);
    }
    return into;
}

std::size_t SendClocks::entries_allocated() const {
    std::size_t entries = parts_of_.size();
    for (const SharedClocks& clocks : parts_)
        entries += clocks.vectors() * static_cast<std::size_t>(clocks.width());
    return entries;
}

}  // namespace trivcheck::msccl
