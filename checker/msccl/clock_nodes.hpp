#pragma once
#include <cstdint>
#include <memory>
#include <vector>

namespace trivcheck::msccl {

/// The nodes of one level of the send-clock trees (send_clocks.hpp): `width`
/// slots each, counted holders, and a file of the nodes that will not change
/// any more, by content, so that equal nodes made apart are kept once. Node 0
/// (all zeros) is held forever. Nodes live in pages that never move, so
/// growing copies nothing.
class ClockNodes {
  public:
    static constexpr int width = 32;

    ClockNodes();

    const std::int32_t* slots(int node) const {
        return pages_[static_cast<std::size_t>(node) >> page_bits].get() +
               (static_cast<std::size_t>(node) & page_mask) * width;
    }
    std::int32_t* slots(int node) {
        return pages_[static_cast<std::size_t>(node) >> page_bits].get() +
               (static_cast<std::size_t>(node) & page_mask) * width;
    }
    std::int64_t holders(int node) const { return holders_[node]; }
    void hold(int node) { ++holders_[node]; }
    /// One holder fewer; returns whether nobody holds `node` now (it is then
    /// free: its slots stay readable until the next allocation).
    bool release(int node);
    /// A node nobody holds yet, its slots unset and not filed.
    int allocate();
    /// `node` is about to change (or is free): it leaves the file, and its
    /// generation moves on.
    void unfile(int node);
    /// How many times `node` has changed or been freed: equal generations, equal slots.
    std::uint32_t generation(int node) const { return generations_[node]; }
    /// A hash of slots, never 0.
    static std::uint64_t hash(const std::int32_t* slots);
    /// A filed node with the same slots as `wanted` (whose hash is `hash`), or -1.
    int find(const std::int32_t* wanted, std::uint64_t hash) const;
    /// Files `node` (its slots final until `unfile`) under `hash`, the hash of its slots.
    void file(int node, std::uint64_t hash);
    /// Nodes allocated at most.
    std::size_t capacity() const { return holders_.size(); }

  private:
    static constexpr unsigned page_bits = 12;
    static constexpr std::size_t page_mask = (std::size_t{1} << page_bits) - 1;
    void grow_table();

    std::vector<std::unique_ptr<std::int32_t[]>> pages_;
    std::vector<std::int64_t> holders_;
    std::vector<int> free_;
    /// Open addressing (linear probing, at most half full) over the filed
    /// nodes with their hashes; a node that leaves the file leaves the table
    /// at once, so probes never pass nodes that are gone.
    struct Filed {
        std::uint64_t hash = 0;
        int node = -1;  // -1: empty
    };
    std::vector<Filed> table_;
    std::size_t table_used_ = 0;
    std::vector<std::uint64_t> filed_hash_;  // per node; 0: not filed
    std::vector<std::uint32_t> generations_;
};

}  // namespace trivcheck::msccl
