#pragma once
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace trivcheck::mscclpp {

/// Entries (64-bit key, 32-bit id) in one open-addressed array, at most
/// three quarters full: no allocation per entry, several entries per key allowed.
class IdTable {
  public:
    /// The first id under `key` that `matches`, or `none`.
    template <class Matches>
    std::uint32_t find(std::uint64_t key, Matches matches) const {
        if (slots_.empty()) return none;
        for (std::size_t slot = home(key);; slot = (slot + 1) & (slots_.size() - 1)) {
            const Slot& at = slots_[slot];
            if (at.id == none) return none;
            if (at.key() == key && matches(at.id)) return at.id;
        }
    }
    void insert(std::uint64_t key, std::uint32_t id);
    /// Room for `entries` entries without growing (growing copies every entry
    /// into a table twice the size: memory touched twice).
    void reserve(std::size_t entries);

    static constexpr std::uint32_t none = 0xffffffffU;

  private:
    /// 12 bytes, not 16: the key in two halves keeps the slot 4-aligned.
    struct Slot {
        std::uint32_t key_low = 0;
        std::uint32_t key_high = 0;
        std::uint32_t id = none;
        std::uint64_t key() const { return static_cast<std::uint64_t>(key_high) << 32 | key_low; }
    };
    /// Fibonacci hashing: the product's top bits, which every bit of the key reaches.
    std::size_t home(std::uint64_t key) const {
        return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> shift_);
    }

    void resize(std::size_t slots);

    std::vector<Slot> slots_;
    std::size_t used_ = 0;
    /// 64 minus log2 of the slot count.
    int shift_ = 64;
};

/// Nodes by id in chunks that never move: growing allocates a chunk, never
/// copies the nodes so far (a vector would, touching twice the memory).
/// One thread adds nodes; others may read them meanwhile, each node by an id
/// handed to them after it was added (the hand-over orders the adding
/// before the reading): the chunks are found through a directory that is
/// replaced, never changed where a reader may be, when it fills.
template <class Node>
class NodeStore {
  public:
    const Node& operator[](std::uint32_t id) const {
        return directory_.load(std::memory_order_acquire)[id >> chunk_bits][id & (chunk_size - 1)]
            .node;
    }
    std::uint32_t size() const { return size_; }
    /// Keeps `node` and gives its id.
    std::uint32_t push_back(const Node& node) {
        if ((size_ & (chunk_size - 1)) == 0) add_chunk();
        chunks_.back()[size_ & (chunk_size - 1)].node = node;
        return size_++;
    }

  private:
    /// A node of 64 bytes on a cache line of its own: malloc's 16-byte
    /// alignment put most across two, two misses for every node a join reads.
    struct alignas(64) Aligned {
        Node node;
    };
    void add_chunk() {
        chunks_.push_back(std::make_unique_for_overwrite<Aligned[]>(chunk_size));
        if (chunks_.size() > directory_size_) {
            // A larger directory; the old ones stay, a reader may hold one.
            directory_size_ = std::max<std::size_t>(64, 2 * directory_size_);
            auto larger = std::make_unique<const Aligned*[]>(directory_size_);
            for (std::size_t chunk = 0; chunk + 1 < chunks_.size(); ++chunk)
                larger[chunk] = chunks_[chunk].get();
            directories_.push_back(std::move(larger));
        }
        directories_.back()[chunks_.size() - 1] = chunks_.back().get();
        directory_.store(directories_.back().get(), std::memory_order_release);
    }

    static constexpr int chunk_bits = 14;
    static constexpr std::uint32_t chunk_size = 1U << chunk_bits;
    std::vector<std::unique_ptr<Aligned[]>> chunks_;
    std::vector<std::unique_ptr<const Aligned*[]>> directories_;
    std::size_t directory_size_ = 0;
    std::atomic<const Aligned* const*> directory_ = nullptr;
    std::uint32_t size_ = 0;
};

/// The nodes of every vector clock of one run, each distinct node kept once:
/// a clock is a tree of pages (16 entries each) under nodes of 16 children,
/// so thread blocks that know the same of some processes share those
/// subtrees, and joining two clocks visits only where they differ and have
/// not been joined lately. Memory and time grow with what the clocks differ
/// by, not with the square of the processes.
class ClockPages {
  public:
    /// A node of some level: a page (level 0) or 16 children of the level below.
    using NodeId = std::uint32_t;
    /// 16, not 64: a step that raises one entry copies, hashes and keeps a
    /// page of 64 bytes instead of 256, and the tree over 62,000 processes
    /// keeps its three inner levels (8 would need a fourth).
    static constexpr int page_entries = 16;
    static constexpr int children = 16;
    using Page = std::array<int, page_entries>;
    using Inner = std::array<NodeId, children>;
    /// The node of zeros, at every level: what nobody has heard of.
    static constexpr NodeId zeros = 0;

    /// Nodes for clocks over `processes` processes that take `steps` steps
    /// in all (their node tables sized once from the steps).
    ClockPages(int processes, std::int64_t steps);

    /// The page holding entry `process` of the clock whose root is `root`.
    NodeId page_of(NodeId root, int process) const;
    /// Entry `process` of the clock whose page of that entry is `page`.
    int in_page(NodeId page, int process) const {
        return page == zeros ? 0 : pages_[page][static_cast<std::uint32_t>(process) % page_entries];
    }
    /// The root of the clock holding the larger of each entry of the two.
    NodeId join(NodeId left, NodeId right) { return join(height_, left, right); }
    /// The root of the join of the two with entry `process` raised to at
    /// least `value` as well: one pass that makes the nodes on the entry's
    /// path once, not once for the raise and again for the join.
    NodeId joined_raised(NodeId left, NodeId right, int process, int value) {
        if (value <= 0) return join(height_, left, right);
        return right == zeros ? raised(left, process, value)
                              : joined_raised(height_, left, right, process, value);
    }

  private:
    /// Two of a node's sixteen children are mostly equal or zeros: answered
    /// here, inline, without a call.
    NodeId join(int level, NodeId left, NodeId right) {
        if (left == right || right == zeros) return left;
        if (left == zeros) return right;
        return join_differing(level, left, right);
    }
    NodeId join_differing(int level, NodeId left, NodeId right);
    /// `tree` with entry `process` raised to at least `value` (a clock
    /// adopted whole): the last one remembered, since the thread blocks of
    /// a gpu's launch start one after another from the same token of their
    /// caller (the 1,024-rank check: 49,000 starts, 1,024 distinct), each
    /// of which made its own path of nodes and its own root.
    NodeId raised(NodeId tree, int process, int value);
    /// The page of the larger of each entry of two pages, entry `entry`
    /// (-1: none) raised to at least `value` as well.
    NodeId join_pages(NodeId left, NodeId right, int entry, int value);
    NodeId joined_raised(int level, NodeId left, NodeId right, std::int64_t entry, int value);
    /// Entries a node of `level` covers.
    static std::int64_t span(int level);
    NodeId intern_page(const Page& page);
    NodeId intern_inner(const Inner& inner);
    /// A new inner node of `level`: interned below the roots, and a root
    /// kept without looking for an equal one (the 1,024-rank check makes
    /// 443,000 roots, 94% of them new; a root kept twice costs only a join
    /// that finds the two equal further down).
    NodeId made_inner(int level, const Inner& inner);

    /// Levels of inner nodes above the pages.
    int height_ = 0;
    NodeStore<Page> pages_;
    NodeStore<Inner> inners_;
    /// Content hash -> the nodes with that hash.
    IdTable pages_by_hash_;
    IdTable inners_by_hash_;
    /// The latest joins of inner nodes, (level, smaller id, larger id) ->
    /// their join, one per slot of a 4 MiB table that a join overwrites: a
    /// process joins what its neighbours joined just before. A table of
    /// every join (100 MiB at 1,024 ranks) found a fifth more, each after a
    /// cache miss; a join not found is made again, its result found among
    /// the nodes.
    struct RecentJoin {
        /// 0 (a node joined with itself, never asked): empty.
        std::uint64_t key = 0;
        NodeId joined = zeros;
    };
    struct LastRaise {
        NodeId tree = zeros;
        int process = -1;
        int value = 0;
        NodeId raised = zeros;
    };
    LastRaise last_raise_;
    static constexpr int recent_bits = 18;
    std::vector<RecentJoin> recent_joins_ = std::vector<RecentJoin>(std::size_t{1} << recent_bits);
};

/// Reads entries of the clocks of a ClockPages, remembering the page it
/// last reached by root and page: race checks ask one clock about the
/// processes of one page many times running (two thirds of the 35.8
/// million asks at 1,024 ranks). Nodes never change and ids are never
/// reused, so the page stays right. One reader per thread.
class ClockReader {
  public:
    explicit ClockReader(const ClockPages& pages) : pages_(&pages) {}
    /// Entry `process` of the clock whose root is `root`.
    int at(ClockPages::NodeId root, int process) const {
        const auto page_of = static_cast<std::uint32_t>(process) / ClockPages::page_entries;
        if (root != last_root_ || page_of != last_page_of_) {
            last_root_ = root;
            last_page_of_ = page_of;
            last_page_ = pages_->page_of(root, process);
        }
        return pages_->in_page(last_page_, process);
    }

  private:
    const ClockPages* pages_;
    mutable ClockPages::NodeId last_root_ = ClockPages::zeros;
    mutable std::uint32_t last_page_of_ = ~0U;
    mutable ClockPages::NodeId last_page_ = ClockPages::zeros;
};

/// A vector clock (one entry per process, 0 by default) kept in a
/// ClockPages: a root and at most one entry not yet in the tree. A process
/// hands its clock on (a signal, a packet, a release) with its own entry
/// beside the tree: the receiver's join raises it on the way, and the giver
/// makes no page and no node per level for each step it hands on. Copying
/// one, into a signal or a packet, copies three ints.
class PagedClock {
  public:
    PagedClock() = default;
    /// The clock `tree` (which holds no entry beside its tree) with entry
    /// `process` at least `value`.
    PagedClock(const PagedClock& tree, int process, int value)
        : root_(tree.root_), beside_process_(process), beside_value_(value) {}

    int at(const ClockReader& reader, int process) const {
        const int in_tree = reader.at(root_, process);
        return process == beside_process_ ? std::max(in_tree, beside_value_) : in_tree;
    }
    /// Every entry becomes the larger of its own and `other`'s; the entry
    /// beside this clock's tree stays beside it.
    void join(ClockPages& pages, const PagedClock& other) {
        root_ = pages.joined_raised(root_, other.root_, other.beside_process_, other.beside_value_);
    }
    /// Becomes `other`, its entry beside put into the tree, where this clock
    /// knows nothing `other` does not: no join, only the nodes on the path
    /// of that one entry.
    void adopt(ClockPages& pages, const PagedClock& other) {
        root_ = pages.joined_raised(other.root_, ClockPages::zeros, other.beside_process_,
                                    other.beside_value_);
        beside_process_ = -1;
        beside_value_ = 0;
    }
    /// The same, but a clock with no entry beside its tree takes `other`'s
    /// (gathering tokens: the first one's entry is never raised in a tree).
    void gather(ClockPages& pages, const PagedClock& other) {
        if (beside_process_ < 0 && other.beside_process_ >= 0) {
            root_ = pages.join(root_, other.root_);
            beside_process_ = other.beside_process_;
            beside_value_ = other.beside_value_;
        } else {
            join(pages, other);
        }
    }
    /// Whether the two are one clock (the same root and entry beside: equal entries).
    bool shares(const PagedClock& other) const {
        return root_ == other.root_ && beside_process_ == other.beside_process_ &&
               beside_value_ == other.beside_value_;
    }

  private:
    ClockPages::NodeId root_ = ClockPages::zeros;
    /// The entry not in the tree: -1, none.
    int beside_process_ = -1;
    int beside_value_ = 0;
};

}  // namespace trivcheck::mscclpp
