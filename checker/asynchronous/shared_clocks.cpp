#include "checker/asynchronous/shared_clocks.hpp"

#include <algorithm>
#include <limits>

namespace trivcheck::msccl {

SharedClocks::SharedClocks(int width)
    : width_(width),
      entries_(static_cast<std::size_t>(width), 0),
      holders_{std::numeric_limits<std::int64_t>::max() / 2} {}

bool SharedClocks::release(int id) {
    if (--holders_[id] != 0) return false;
    free_.push_back(id);
    return true;
}

int SharedClocks::writable(int id) {
    if (holders_[id] == 1) return id;
    int copy = 0;
    if (!free_.empty()) {
        copy = free_.back();
        free_.pop_back();
    } else {
        copy = static_cast<int>(holders_.size());
        holders_.push_back(0);
        entries_.resize(entries_.size() + static_cast<std::size_t>(width_));
    }
    std::copy_n(entries_.data() + offset(id), width_, entries_.data() + offset(copy));
    holders_[copy] = 1;
    release(id);
    return copy;
}

bool SharedClocks::covers(int into, int from) const {
    if (into == from) return true;
    const std::int32_t* seen = entries(from);
    const std::int32_t* own = entries(into);
    // Entries are in [0, 2^31): a difference is negative exactly where `from`
    // is larger, so or-ing the differences (no branch, no early exit)
    // compares the whole vectors with vector instructions.
    std::int32_t own_minus_seen = 0;
    for (int index = 0; index < width_; ++index) own_minus_seen |= own[index] - seen[index];
    return own_minus_seen >= 0;
}

int SharedClocks::join(int into, int from) {
    if (into == from) return into;
    if (covers(into, from)) return into;
    if (covers(from, into)) {  // `from` knows everything `into` does: share it
        hold(from);
        release(into);
        return from;
    }
    into = writable(into);
    const std::int32_t* seen = entries(from);
    std::int32_t* changed = entries(into);
    for (int index = 0; index < width_; ++index)
        changed[index] = changed[index] < seen[index] ? seen[index] : changed[index];
    return into;
}

}  // namespace trivcheck::msccl
