#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace trivcheck::mscclpp {

/// Entries of a vector clock per page.
inline constexpr int clock_page_entries = 64;

/// The pages of every vector clock of one run, each distinct page kept once:
/// thread blocks that know the same of a page's processes share it, so the
/// clocks of thousands of thread blocks cost what they differ by, not the
/// square of their number.
class ClockPages {
  public:
    using PageId = std::uint32_t;
    using Page = std::array<int, clock_page_entries>;
    /// The page of zeros: what nobody has heard of.
    static constexpr PageId zeros = 0;

    /// Pages for clocks over `processes` processes.
    explicit ClockPages(int processes);

    int slots() const { return slots_; }
    const Page& page(PageId id) const { return pages_[id]; }
    /// The page holding the larger of each entry of `left` and `right`.
    PageId join(PageId left, PageId right);
    /// `id` with entry `offset` raised to at least `value`.
    PageId raised(PageId id, int offset, int value);

  private:
    PageId intern(const Page& page);

    int slots_ = 0;
    std::vector<Page> pages_;
    /// Page content hash -> the pages with that hash.
    std::unordered_multimap<std::uint64_t, PageId> by_hash_;
    /// Both ids of a join (smaller first) -> its page.
    std::unordered_map<std::uint64_t, PageId> joins_;
};

/// A vector clock (one entry per process, 0 by default) whose pages live in a
/// ClockPages. Copies share their pages until one of them changes (copy on
/// write), so handing a clock to a signal or a packet costs a pointer.
class PagedClock {
  public:
    int at(const ClockPages& pages, int process) const;
    /// Every entry becomes the larger of its own and `other`'s.
    void join(ClockPages& pages, const PagedClock& other);
    /// Entry `process` becomes at least `value`.
    void raise(ClockPages& pages, int process, int value);
    /// Whether the two are one clock (shared pages), not merely equal.
    bool shares(const PagedClock& other) const { return slots_ == other.slots_; }

  private:
    std::vector<ClockPages::PageId>& writable(const ClockPages& pages);

    /// Null: every entry 0.
    std::shared_ptr<std::vector<ClockPages::PageId>> slots_;
};

}  // namespace trivcheck::mscclpp
