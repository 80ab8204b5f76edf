#include "checker/asynchronous/shared_clocks.hpp"

#include <algorithm>
#include <limits>

namespace trivcheck::msccl {

SharedClocks::SharedClocks(int width)
    : width_(width), holders_{std::numeric_limits<std::int64_t>::max() / 2}, filed_hash_{0} {
    pages_.push_back(
        std::make_unique<std::int32_t[]>(first_page * static_cast<std::size_t>(width)));
}

bool SharedClocks::release(int id) {
    if (--holders_[id] != 0) return false;
    unfile(id);
    free_.push_back(id);
    return true;
}

int SharedClocks::writable(int id) {
    if (holders_[id] == 1) {  // it changes in place: no longer what its hash says
        unfile(id);
        return id;
    }
    int copy = 0;
    if (!free_.empty()) {
        copy = free_.back();
        free_.pop_back();
    } else {
        copy = static_cast<int>(holders_.size());
        holders_.push_back(0);
        filed_hash_.push_back(0);
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
    const std::uint64_t hash = hash_entries(own, width_) | 1;  // never 0: 0 marks "not filed"
    if (!table_.empty()) {
        const std::size_t mask = table_.size() - 1;
        for (std::size_t slot = hash & mask; table_[slot] >= 0; slot = (slot + 1) & mask) {
            const int other = table_[slot];
            if (other != id && filed_hash_[other] == hash &&
                std::equal(own, own + width_, entries(other))) {
                hold(other);
                release(id);
                return other;
            }
        }
    }
    file(id, hash);
    return id;
}

void SharedClocks::file(int id, std::uint64_t hash) {
    if ((table_used_ + 1) * 2 > table_.size()) {  // grow, keeping the filed vectors only
        std::vector<int> old = std::move(table_);
        std::size_t live = 0;
        for (const int other : old) live += other >= 0 && filed(other) ? 1 : 0;
        std::size_t size = 64;
        while (size < 4 * (live + 1)) size *= 2;
        table_.assign(size, -1);
        table_used_ = 0;
        for (const int other : old)
            if (other >= 0 && filed(other) && other != id) {
                std::size_t slot = filed_hash_[other] & (size - 1);
                while (table_[slot] >= 0) slot = (slot + 1) & (size - 1);
                table_[slot] = other;
                ++table_used_;
            }
    }
    const std::size_t mask = table_.size() - 1;
    std::size_t slot = hash & mask;
    // The first slot on the probe that is empty or holds a vector no longer filed.
    while (table_[slot] >= 0 && filed(table_[slot]) && table_[slot] != id) slot = (slot + 1) & mask;
    if (table_[slot] < 0) ++table_used_;
    table_[slot] = id;
    filed_hash_[id] = hash;
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
