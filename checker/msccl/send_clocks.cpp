#include "checker/msccl/send_clocks.hpp"

#include <algorithm>

namespace trivcheck::msccl {

SendClocks::SendClocks(int entries) {
    int nodes = (std::max(1, entries) + fan_out - 1) / fan_out;
    levels_.emplace_back();
    while (nodes > 1) {
        nodes = (nodes + fan_out - 1) / fan_out;
        levels_.emplace_back();
    }
    top_level_ = static_cast<int>(levels_.size()) - 1;
    merges_.resize(merges_kept);
}

SendClocks::Merge& SendClocks::merge_slot(int level, int first, int second) {
    std::uint64_t key = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(first)) << 32) |
                        static_cast<std::uint32_t>(second);
    key = (key ^ static_cast<std::uint64_t>(level)) * 0x9e3779b97f4a7c15ULL;
    return merges_[(key >> 40) & (merges_kept - 1)];
}

bool SendClocks::still_valid(const Merge& merge, int level, int first, int second) const {
    const ClockNodes& nodes = levels_[level];
    return merge.level == level && merge.first == first && merge.second == second &&
           merge.first_generation == nodes.generation(first) &&
           merge.second_generation == nodes.generation(second) &&
           merge.result_generation == nodes.generation(merge.result);
}

void SendClocks::release(int level, int node) {
    if (!levels_[level].release(node) || level == 0) return;
    for (int child = 0; child < fan_out; ++child)
        release(level - 1, levels_[level].slots(node)[child]);
}

int SendClocks::writable(int level, int node) {
    ClockNodes& nodes = levels_[level];
    if (nodes.holders(node) == 1) {
        nodes.unfile(node);
        return node;
    }
    const int copy = nodes.allocate();
    std::copy_n(nodes.slots(node), fan_out, nodes.slots(copy));
    if (level > 0)  // the copy holds the same children
        for (int child = 0; child < fan_out; ++child)
            levels_[level - 1].hold(nodes.slots(copy)[child]);
    nodes.hold(copy);
    nodes.release(node);  // held by others too: never freed here
    return copy;
}

int SendClocks::raise(int id, int entry, std::int32_t value) {
    const int root = writable(top_level_, id);
    int node = root;
    for (int level = top_level_; level > 0; --level) {
        std::int32_t& child = levels_[level].slots(node)[digit(entry, level)];
        child = writable(level - 1, child);
        node = child;
    }
    levels_[0].slots(node)[digit(entry, 0)] = value;
    return root;
}

int SendClocks::node_with(int level, const std::int32_t* slots) {
    ClockNodes& nodes = levels_[level];
    const std::uint64_t hash = ClockNodes::hash(slots);
    if (const int found = nodes.find(slots, hash); found >= 0) return found;
    const int node = nodes.allocate();
    std::copy_n(slots, fan_out, nodes.slots(node));
    if (level > 0)
        for (int child = 0; child < fan_out; ++child) levels_[level - 1].hold(slots[child]);
    nodes.file(node, hash);
    return node;
}

int SendClocks::merged(int level, int first, int second) {
    if (first == second || second == 0) return first;
    if (first == 0) return second;
    Merge& remembered = merge_slot(level, first, second);
    if (still_valid(remembered, level, first, second)) return remembered.result;
    const int result = merged_anew(level, first, second);
    const ClockNodes& nodes = levels_[level];
    remembered = {level,
                  first,
                  second,
                  result,
                  nodes.generation(first),
                  nodes.generation(second),
                  nodes.generation(result)};
    return result;
}

int SendClocks::merged_anew(int level, int first, int second) {
    const std::int32_t* a = levels_[level].slots(first);
    const std::int32_t* b = levels_[level].slots(second);
    std::int32_t slots[fan_out];
    bool first_covers = true;
    bool second_covers = true;
    if (level == 0) {
        for (int index = 0; index < fan_out; ++index) slots[index] = std::max(a[index], b[index]);
        // A difference is negative exactly where the other entry is larger.
        std::int32_t first_minus_second = 0;
        std::int32_t second_minus_first = 0;
        for (int index = 0; index < fan_out; ++index) {
            first_minus_second |= a[index] - b[index];
            second_minus_first |= b[index] - a[index];
        }
        first_covers = first_minus_second >= 0;
        second_covers = second_minus_first >= 0;
    } else {
        for (int child = 0; child < fan_out; ++child) {
            slots[child] = merged(level - 1, a[child], b[child]);
            first_covers = first_covers && slots[child] == a[child];
            second_covers = second_covers && slots[child] == b[child];
        }
    }
    if (first_covers) return first;
    if (second_covers) return second;
    return node_with(level, slots);
}

int SendClocks::join(int into, int from) {
    const int joined = merged(top_level_, into, from);
    if (joined == into) return into;
    hold(joined);
    release(into);
    return joined;
}

std::size_t SendClocks::entries_allocated() const {
    std::size_t entries = 0;
    for (const ClockNodes& level : levels_) entries += level.capacity() * fan_out;
    return entries;
}

}  // namespace trivcheck::msccl
