#include "checker/asynchronous/send_clocks.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace trivcheck::msccl {

SendClocks::SendClocks(int senders)
    : group_size_(std::max(1, static_cast<int>(std::ceil(std::sqrt(std::max(1, senders)))))),
      groups_(static_cast<std::size_t>((senders + group_size_ - 1) / group_size_)),
      parts_of_(groups_, 0),
      holders_{std::numeric_limits<std::int64_t>::max() / 2} {
    parts_.reserve(groups_);
    for (std::size_t g = 0; g < groups_; ++g)
        parts_.emplace_back(std::min(group_size_, senders - static_cast<int>(g) * group_size_));
}

void SendClocks::release(int id) {
    if (--holders_[static_cast<std::size_t>(id)] != 0) return;
    for (std::size_t g = 0; g < groups_; ++g)
        parts_[g].release(part(id, g));
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
        parts_of_.resize(parts_of_.size() + groups_);
    }
    for (std::size_t g = 0; g < groups_; ++g) {
        const int shared = part(id, g);
        parts_[g].hold(shared);
        part(copy, g) = shared;
    }
    holders_[static_cast<std::size_t>(copy)] = 1;
    release(id);
    return copy;
}

int SendClocks::raise(int id, int sender, std::int32_t value) {
    id = writable(id);
    SharedClocks& clocks = parts_[group(sender)];
    int& own = part(id, group(sender));
    own = clocks.writable(own);
    clocks.entries(own)[offset(sender)] = value;
    return id;
}

int SendClocks::join(int into, int from) {
    if (into == from) return into;
    bool changes = false;
    bool from_covers = true;
    for (std::size_t g = 0; g < groups_; ++g) {
        const int mine = part(into, g);
        const int seen = part(from, g);
        if (mine == seen) continue;
        const SharedClocks& clocks = parts_[g];
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
    for (std::size_t g = 0; g < groups_; ++g) {
        int& mine = part(into, g);
        const int seen = part(from, g);
        if (mine != seen) mine = parts_[g].join(mine, seen);
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
