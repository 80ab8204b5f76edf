#include "checker/mscclpp/paged_clock.hpp"

#include <algorithm>

namespace trivcheck::mscclpp {

namespace {

std::uint64_t page_hash(const ClockPages::Page& page) {
    std::uint64_t hash = 1469598103934665603ULL;
    for (int entry : page) {
        hash ^= static_cast<std::uint32_t>(entry);
        hash *= 1099511628211ULL;
        hash ^= hash >> 29;
    }
    return hash;
}

}  // namespace

ClockPages::ClockPages(int processes)
    : slots_((processes + clock_page_entries - 1) / clock_page_entries) {
    intern(Page{});
}

ClockPages::PageId ClockPages::intern(const Page& page) {
    const std::uint64_t hash = page_hash(page);
    const auto [first, last] = by_hash_.equal_range(hash);
    for (auto found = first; found != last; ++found)
        if (pages_[found->second] == page) return found->second;
    const auto id = static_cast<PageId>(pages_.size());
    pages_.push_back(page);
    by_hash_.emplace(hash, id);
    return id;
}

ClockPages::PageId ClockPages::join(PageId left, PageId right) {
    if (left == right || right == zeros) return left;
    if (left == zeros) return right;
    const std::uint64_t key =
        (static_cast<std::uint64_t>(std::min(left, right)) << 32) | std::max(left, right);
    if (const auto found = joins_.find(key); found != joins_.end()) return found->second;
    Page larger = pages_[left];
    const Page& other = pages_[right];
    for (int entry = 0; entry < clock_page_entries; ++entry)
        larger[entry] = std::max(larger[entry], other[entry]);
    const PageId id = intern(larger);
    joins_.emplace(key, id);
    return id;
}

ClockPages::PageId ClockPages::raised(PageId id, int offset, int value) {
    if (pages_[id][offset] >= value) return id;
    Page page = pages_[id];
    page[offset] = value;
    return intern(page);
}

int PagedClock::at(const ClockPages& pages, int process) const {
    if (!slots_) return 0;
    const ClockPages::PageId id = (*slots_)[process / clock_page_entries];
    return pages.page(id)[process % clock_page_entries];
}

std::vector<ClockPages::PageId>& PagedClock::writable(const ClockPages& pages) {
    if (!slots_)
        slots_ = std::make_shared<std::vector<ClockPages::PageId>>(
            static_cast<std::size_t>(pages.slots()), ClockPages::zeros);
    else if (slots_.use_count() > 1)
        slots_ = std::make_shared<std::vector<ClockPages::PageId>>(*slots_);
    return *slots_;
}

void PagedClock::join(ClockPages& pages, const PagedClock& other) {
    if (!other.slots_ || other.slots_ == slots_) return;
    if (!slots_) {
        slots_ = other.slots_;
        return;
    }
    const std::vector<ClockPages::PageId>& theirs = *other.slots_;
    std::vector<ClockPages::PageId>* mine = slots_.get();
    for (std::size_t slot = 0; slot < theirs.size(); ++slot) {
        const ClockPages::PageId joined = pages.join((*mine)[slot], theirs[slot]);
        if (joined == (*mine)[slot]) continue;
        if (mine == slots_.get() && slots_.use_count() > 1) mine = &writable(pages);
        (*mine)[slot] = joined;
    }
}

void PagedClock::raise(ClockPages& pages, int process, int value) {
    if (at(pages, process) >= value) return;
    std::vector<ClockPages::PageId>& mine = writable(pages);
    ClockPages::PageId& id = mine[static_cast<std::size_t>(process / clock_page_entries)];
    id = pages.raised(id, process % clock_page_entries, value);
}

}  // namespace trivcheck::mscclpp
