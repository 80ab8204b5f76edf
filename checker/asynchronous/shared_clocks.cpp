#include "checker/asynchronous/shared_clocks.hpp"

#include <algorithm>
#include <limits>

namespace trivcheck::msccl {

SharedClocks::SharedClocks(int width)
    : width_(width),
      entries_(static_cast<std::size_t>(width), 0),
      holders_{std::numeric_limits<std::int64_t>::max() / 2} {}

void SharedClocks::release(int id) {
    if (--holders_[id] == 0) free_.push_back(id);
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

int SharedClocks::join(int into, int from) {
    if (into == from) return into;
    const std::int32_t* seen = entries(from);
    const std::int32_t* own = entries(into);
    // No early exit: the comparisons run as vector instructions.
    bool seen_more = false;
    bool own_more = false;
    for (int index = 0; index < width_; ++index) {
        seen_more |= seen[index] > own[index];
        own_more |= own[index] > seen[index];
    }
    if (!seen_more) return into;
    if (!own_more) {  // `from` knows everything `into` does: share it
        hold(from);
        release(into);
        return from;
    }
    into = writable(into);
    seen = entries(from);
    std::int32_t* changed = entries(into);
    for (int index = 0; index < width_; ++index)
        changed[index] = std::max(changed[index], seen[index]);
    return into;
}

}  // namespace trivcheck::msccl
