#include "checker/asynchronous/send_clocks.hpp"

#include <algorithm>
#include <cmath>

namespace trivcheck::msccl {

SendClocks::SendClocks(int senders)
    : group_size_(std::max(1, static_cast<int>(std::ceil(std::sqrt(std::max(1, senders)))))),
      groups_(static_cast<std::size_t>((senders + group_size_ - 1) / group_size_)),
      top_(static_cast<int>(groups_)) {
    parts_.reserve(groups_);
    for (std::size_t g = 0; g < groups_; ++g)
        parts_.emplace_back(std::min(group_size_, senders - static_cast<int>(g) * group_size_));
}

void SendClocks::release(int id) {
    if (!top_.release(id)) return;
    for (std::size_t g = 0; g < groups_; ++g) parts_[g].release(part(id, g));
}

int SendClocks::writable(int id) {
    const int copy = top_.writable(id);
    if (copy != id)  // the copy holds the same parts
        for (std::size_t g = 0; g < groups_; ++g) parts_[g].hold(part(copy, g));
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
        const ClockOrder order = parts_[g].compare(mine, seen);
        if (!order.first_covers) changes = true;
        if (!order.second_covers) from_covers = false;
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
    std::size_t entries = top_.vectors() * groups_;
    for (const SharedClocks& clocks : parts_)
        entries += clocks.vectors() * static_cast<std::size_t>(clocks.width());
    return entries;
}

}  // namespace trivcheck::msccl
