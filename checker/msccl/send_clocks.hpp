#pragma once
#include <cstdint>
#include <vector>

#include "checker/msccl/clock_nodes.hpp"

namespace trivcheck::msccl {

/// Send clocks (one entry per chain of sends of the program, SendChains) as
/// persistent trees shared copy-on-write: a clock is a tree whose leaves hold
/// `fan_out` consecutive entries and whose inner nodes hold `fan_out` subtrees;
/// a subtree of zeros is node 0 of its level. What a join makes is kept once
/// by content (ClockNodes), so equal subtrees are one node. A join descends
/// only where the two trees hold different nodes and returns a tree's own node
/// wherever that tree already knows everything the other does, so it costs
/// about the parts that differ, not the number of entries: what two thread
/// blocks know of far thread blocks mostly came through the same messages.
/// The values are those of one flat vector, exactly.
class SendClocks {
  public:
    static constexpr int fan_out = ClockNodes::width;

    /// Clocks of `entries` entries, all 0 at first.
    explicit SendClocks(int entries);

    /// Entry `entry` of clock `id`.
    std::int32_t get(int id, int entry) const {
        int node = id;
        for (int level = top_level_; level > 0; --level)
            node = levels_[level].slots(node)[digit(entry, level)];
        return levels_[0].slots(node)[digit(entry, 0)];
    }
    /// Clock `id` (held by the caller) with entry `entry` raised to `value`;
    /// returns the clock the caller holds afterwards.
    int raise(int id, int entry, std::int32_t value);
    /// Entry-wise maximum of `into` (held by the caller) and `from`; returns
    /// the clock the caller holds afterwards (`from` itself when it knows
    /// everything `into` does).
    int join(int into, int from);
    void hold(int id) { levels_[top_level_].hold(id); }
    void release(int id) { release(top_level_, id); }

    /// Clock entries allocated at most, every level (for the memory figure).
    std::size_t entries_allocated() const;

  private:
    static_assert(fan_out == 32, "digit() takes five bits per level");
    static int digit(int entry, int level) { return (entry >> (5 * level)) & (fan_out - 1); }

    void release(int level, int node);
    /// `node` of `level` safe to change for one holder: itself (out of the
    /// file), or a copy (holding the same children) that the holder holds instead.
    int writable(int level, int node);
    /// A node of `level` with the entry-wise maximum of `first` and `second`:
    /// one of them when it covers the other, an equal node made before, or a
    /// new one nobody holds yet.
    int merged(int level, int first, int second);
    /// merged, not remembered: computed from the children.
    int merged_anew(int level, int first, int second);
    /// A node of `level` with these slots: one made before, or a new one (holding its children).
    int node_with(int level, const std::int32_t* slots);

    /// A merge made before, remembered with the generations of its nodes:
    /// while none of them has changed, merging the same two nodes again
    /// gives the same node (thread blocks that learn the same things learn
    /// them in the same pairs).
    struct Merge {
        int level = -1;
        int first = 0;
        int second = 0;
        int result = 0;
        std::uint32_t first_generation = 0;
        std::uint32_t second_generation = 0;
        std::uint32_t result_generation = 0;
    };
    static constexpr std::size_t merges_kept = std::size_t{1} << 14;
    Merge& merge_slot(int level, int first, int second);
    bool still_valid(const Merge& merge, int level, int first, int second) const;

    int top_level_ = 0;
    std::vector<ClockNodes> levels_;
    std::vector<Merge> merges_;
};

}  // namespace trivcheck::msccl
