#include "checker/asynchronous/clock_nodes.hpp"

#include <algorithm>
#include <limits>

namespace trivcheck::msccl {

namespace {

bool same_slots(const std::int32_t* first, const std::int32_t* second) {
    std::int32_t difference = 0;
    for (int index = 0; index < ClockNodes::width; ++index)
        difference |= first[index] ^ second[index];
    return difference == 0;
}

}  // namespace

std::uint64_t ClockNodes::hash(const std::int32_t* slots) {  // never 0: 0 marks "not filed"
    std::uint64_t mixed = 0x9e3779b97f4a7c15ULL;
    for (int index = 0; index < ClockNodes::width; index += 2) {
        const std::uint64_t pair = (std::uint64_t{static_cast<std::uint32_t>(slots[index])} << 32) |
                                   static_cast<std::uint32_t>(slots[index + 1]);
        mixed = (mixed ^ pair) * 0xff51afd7ed558ccdULL;
    }
    mixed ^= mixed >> 29;
    return mixed | 1;
}

ClockNodes::ClockNodes() {
    const int zeros = allocate();
    std::fill_n(slots(zeros), width, 0);
    holders_[zeros] = std::numeric_limits<std::int64_t>::max() / 2;
}

bool ClockNodes::release(int node) {
    if (--holders_[node] != 0) return false;
    unfile(node);
    free_.push_back(node);
    return true;
}

int ClockNodes::allocate() {
    if (!free_.empty()) {
        const int node = free_.back();
        free_.pop_back();
        return node;
    }
    const auto node = static_cast<int>(holders_.size());
    if ((static_cast<std::size_t>(node) & page_mask) == 0)
        pages_.push_back(std::make_unique_for_overwrite<std::int32_t[]>((page_mask + 1) * width));
    holders_.push_back(0);
    filed_hash_.push_back(0);
    return node;
}

int ClockNodes::find(const std::int32_t* wanted, std::uint64_t hash) const {
    if (table_.empty()) return -1;
    const std::size_t mask = table_.size() - 1;
    for (std::size_t slot = hash & mask; table_[slot] >= 0; slot = (slot + 1) & mask) {
        const int other = table_[slot];
        if (filed_hash_[other] == hash && same_slots(wanted, slots(other))) return other;
    }
    return -1;
}

void ClockNodes::file(int node, std::uint64_t hash) {
    if ((table_used_ + 1) * 2 > table_.size()) grow_table();
    const std::size_t mask = table_.size() - 1;
    std::size_t slot = hash & mask;
    // The first slot on the probe that is empty or holds a node no longer filed.
    while (table_[slot] >= 0 && filed(table_[slot])) slot = (slot + 1) & mask;
    if (table_[slot] < 0) ++table_used_;
    table_[slot] = node;
    filed_hash_[node] = hash;
}

void ClockNodes::grow_table() {
    // A node filed again after it left the file may hold two slots: keep one.
    std::vector<int> old = std::move(table_);
    std::vector<bool> kept(holders_.size(), false);
    std::size_t live = 0;
    for (const int other : old) live += other >= 0 && filed(other) ? 1 : 0;
    std::size_t size = 64;
    while (size < 4 * (live + 1)) size *= 2;
    table_.assign(size, -1);
    table_used_ = 0;
    for (const int other : old)
        if (other >= 0 && filed(other) && !kept[other]) {
            kept[other] = true;
            std::size_t slot = filed_hash_[other] & (size - 1);
            while (table_[slot] >= 0) slot = (slot + 1) & (size - 1);
            table_[slot] = other;
            ++table_used_;
        }
}

}  // namespace trivcheck::msccl
