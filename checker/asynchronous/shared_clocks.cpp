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
    // Two independent sums (vector instructions, no chain through every
    // entry), mixed; equal hashes are compared entry by entry anyway.
    std::uint32_t plain = 0;
    std::uint32_t weighted = 0;
    for (int index = 0; index < width_; ++index) {
        const auto entry = static_cast<std::uint32_t>(own[index]);
        plain += entry;
        weighted += entry * (2 * static_cast<std::uint32_t>(index) + 1);
    }
    std::uint64_t hash = ((std::uint64_t{weighted} << 32) | plain) * 0x9e3779b97f4a7c15ULL;
    if (hash == FlatHashMap::empty_key) hash = 0;
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
    return deduplicate(into);
}

}  // namespace trivcheck::msccl
