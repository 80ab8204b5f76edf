#include "checker/msccl/clock_nodes.hpp"

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
    return mixed == 0 ? 1 : mixed;
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
    generations_.push_back(0);
    return node;
}

int ClockNodes::find(const std::int32_t* wanted, std::uint64_t hash) const {
    if (table_.empty()) return -1;
    const std::size_t mask = table_.size() - 1;
    for (std::size_t slot = hash & mask; table_[slot].node >= 0; slot = (slot + 1) & mask) {
        const Filed& entry = table_[slot];
        if (entry.hash == hash && same_slots(wanted, slots(entry.node))) return entry.node;
    }
    return -1;
}

void ClockNodes::file(int node, std::uint64_t hash) {
    if ((table_used_ + 1) * 2 > table_.size()) grow_table();
    const std::size_t mask = table_.size() - 1;
    std::size_t slot = hash & mask;
    while (table_[slot].node >= 0) slot = (slot + 1) & mask;
    table_[slot] = {hash, node};
    ++table_used_;
    filed_hash_[node] = hash;
}

void ClockNodes::unfile(int node) {
    ++generations_[node];
    const std::uint64_t hash = filed_hash_[node];
    if (hash == 0) return;
    filed_hash_[node] = 0;
    const std::size_t mask = table_.size() - 1;
    std::size_t hole = hash & mask;
    while (table_[hole].node != node) hole = (hole + 1) & mask;
    // Linear probing without tombstones: each entry after the hole moves
    // into it when its probe starts at or before the hole.
    for (std::size_t next = (hole + 1) & mask; table_[next].node >= 0; next = (next + 1) & mask) {
        const std::size_t home = table_[next].hash & mask;
        const bool reaches_hole = ((next - home) & mask) >= ((next - hole) & mask);
        if (reaches_hole) {
            table_[hole] = table_[next];
            hole = next;
        }
    }
    table_[hole] = Filed{};
    --table_used_;
}

void ClockNodes::grow_table() {
    std::vector<Filed> old = std::move(table_);
    table_.assign(old.empty() ? 64 : 2 * old.size(), Filed{});
    const std::size_t mask = table_.size() - 1;
    for (const Filed& entry : old)
        if (entry.node >= 0) {
            std::size_t slot = entry.hash & mask;
            while (table_[slot].node >= 0) slot = (slot + 1) & mask;
            table_[slot] = entry;
        }
}

}  // namespace trivcheck::msccl
