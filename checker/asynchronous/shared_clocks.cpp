#include "checker/asynchronous/shared_clocks.hpp"

#include <algorithm>
#include <limits>

namespace trivcheck::msccl {

SharedClocks::SharedClocks(int width)
    : width_(width), holders_{std::numeric_limits<std::int64_t>::max() / 2} {
    pages_.push_back(std::make_unique<std::int32_t[]>(first_page * static_cast<std::size_t>(width)));
}

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
        const std::size_t capacity = first_page * ((std::size_t{1} << pages_.size()) - 1);
        if (static_cast<std::size_t>(copy) == capacity)  // a page twice the last one
            pages_.push_back(std::make_unique_for_overwrite<std::int32_t[]>(
                (first_page << pages_.size()) * static_cast<std::size_t>(width_)));
    }
    std::copy_n(entries(id), width_, entries(copy));
    holders_[copy] = 1;
    release(id);
    return copy;
}

int SharedClocks::deduplicate(int id) {
    const std::int32_t* own = entries(id);
    const std::uint64_t hash = hash_entries(own, width_);
    if (const std::uint32_t* found = by_hash_.find(hash)) {
        const int other = static_cast<int>(*found);
        if (other != id && holders_[other] > 0 && std::equal(own, own + width_, entries(other))) {
            hold(other);
            release(id);
            return other;
        }
    }
    by_hash_.insert(hash, static_cast<std::uint32_t>(id));
    return id;
}

ClockOrder SharedClocks::compare(int first, int second) const {
    if (first == second) return {true, true};
    return compare_entries(entries(first), entries(second), width_);
}

int SharedClocks::join(int into, int from) {
    const ClockOrder order = compare(into, from);
    if (order.first_covers) return into;
    if (order.second_covers) {  // `from` knows everything `into` does: share it
        hold(from);
        release(into);
        return from;
    }
    into = writable(into);
    raise_entries(entries(into), entries(from), width_);
    return deduplicate(into);
}

}  // namespace trivcheck::msccl
