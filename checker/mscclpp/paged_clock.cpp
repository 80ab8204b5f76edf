#include "checker/mscclpp/paged_clock.hpp"

#include <algorithm>

namespace trivcheck::mscclpp {

namespace {

template <class Values>
std::uint64_t content_hash(const Values& values) {
    std::uint64_t hash = 1469598103934665603ULL;
    for (auto value : values) {
        hash ^= static_cast<std::uint32_t>(value);
        hash *= 1099511628211ULL;
        hash ^= hash >> 29;
    }
    return hash;
}

/// Whether two nodes hold the same values: word by word into one OR, a few
/// vector instructions (std::array's == calls memcmp, 1.6% of a large check).
template <class Node>
bool same(const Node& left, const Node& right) {
    std::uint32_t differ = 0;
    for (std::size_t at = 0; at < left.size(); ++at)
        differ |= static_cast<std::uint32_t>(left[at]) ^ static_cast<std::uint32_t>(right[at]);
    return differ == 0;
}

}  // namespace

void IdTable::resize(std::size_t slots) {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(slots, Slot{});
    used_ = 0;
    shift_ = 64;
    while ((std::size_t{1} << (64 - shift_)) < slots) --shift_;
    for (const Slot& entry : old)
        if (entry.id != none) insert(entry.key(), entry.id);
}

void IdTable::reserve(std::size_t entries) {
    std::size_t slots = std::max<std::size_t>(1024, slots_.size());
    while (3 * slots < 4 * entries) slots *= 2;
    if (slots > slots_.size()) resize(slots);
}

void IdTable::insert(std::uint64_t key, std::uint32_t id) {
    if (4 * (used_ + 1) > 3 * slots_.size()) resize(std::max<std::size_t>(1024, 2 * slots_.size()));
    std::size_t slot = home(key);
    while (slots_[slot].id != none) slot = (slot + 1) & (slots_.size() - 1);
    slots_[slot] = {static_cast<std::uint32_t>(key), static_cast<std::uint32_t>(key >> 32), id};
    ++used_;
}

ClockPages::ClockPages(int processes, std::int64_t steps) {
    while (span(height_) < processes) ++height_;
    // Trivance B's plan for 1,024 ranks (4.34 million steps, its long thread
    // blocks split into chains): per step about 0.29 inner nodes below the
    // roots (1.24 million; the roots are not interned) and 0.036 pages
    // (156,000); the reserve below, 0.3 and 0.04, gives tables of 2^21 and
    // 2^18 slots, three fifths full at the end (0.42 and 0.06, the figures
    // before the split, gave 2^22 and 2^19: 28 MB more for the kernel to
    // clear). Reserved once, the tables are not built again and again as
    // they fill.
    const auto expected = static_cast<std::size_t>(std::max<std::int64_t>(steps, 0));
    inners_by_hash_.reserve(expected * 3 / 10);
    pages_by_hash_.reserve(expected / 25);
    intern_page(Page{});
    intern_inner(Inner{});
}

std::int64_t ClockPages::span(int level) {
    std::int64_t entries = page_entries;
    for (int up = 0; up < level; ++up) entries *= children;
    return entries;
}

ClockPages::NodeId ClockPages::intern_page(const Page& page) {
    const std::uint64_t hash = content_hash(page);
    const NodeId found =
        pages_by_hash_.find(hash, [&](NodeId id) { return same(pages_[id], page); });
    if (found != IdTable::none) return found;
    const NodeId id = pages_.push_back(page);
    pages_by_hash_.insert(hash, id);
    return id;
}

ClockPages::NodeId ClockPages::intern_inner(const Inner& inner) {
    const std::uint64_t hash = content_hash(inner);
    const NodeId found =
        inners_by_hash_.find(hash, [&](NodeId id) { return same(inners_[id], inner); });
    if (found != IdTable::none) return found;
    const NodeId id = inners_.push_back(inner);
    inners_by_hash_.insert(hash, id);
    return id;
}

ClockPages::NodeId ClockPages::made_inner(int level, const Inner& inner) {
    return level < height_ ? intern_inner(inner) : inners_.push_back(inner);
}

ClockPages::NodeId ClockPages::page_of(NodeId root, int process) const {
    // Sixteen entries a page and sixteen children a node: the child at each
    // level is four bits of the process, no division (every race check asks).
    static_assert(page_entries == 16 && children == 16);
    const auto entry = static_cast<std::uint32_t>(process);
    NodeId node = root;
    for (int level = height_; level > 0 && node != zeros; --level)
        node = inners_[node][(entry >> (4 * level)) & 15U];
    return node;
}

ClockPages::NodeId ClockPages::join_pages(NodeId left, NodeId right, int entry, int value) {
    const Page& first = pages_[left];
    const Page& second = pages_[right];
    Page larger;
    for (int at = 0; at < page_entries; ++at) larger[at] = std::max(first[at], second[at]);
    if (entry >= 0) larger[entry] = std::max(larger[entry], value);
    return same(larger, first) ? left : same(larger, second) ? right : intern_page(larger);
}

ClockPages::NodeId ClockPages::join_differing(int level, NodeId left, NodeId right) {
    // Two pages are joined from their entries, not looked up among the
    // latest joins: reading the two costs about what the lookup did, and
    // the table keeps room for inner nodes (cachegrind of the 512-rank
    // check: 3% fewer last-level misses).
    if (level == 0) return join_pages(left, right, -1, 0);
    const std::uint64_t key = (static_cast<std::uint64_t>(level) << 58) |
                              (static_cast<std::uint64_t>(std::min(left, right)) << 29) |
                              std::max(left, right);
    RecentJoin& recent = recent_joins_[static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >>
                                                                (64 - recent_bits))];
    if (recent.key == key) return recent.joined;
    // A join mostly gives one of the two (a waiter learns what the signaller
    // knew): that one is the node of the result, found without the hash table.
    const Inner first = inners_[left];
    const Inner second = inners_[right];
    Inner result;
    for (int child = 0; child < children; ++child)
        result[child] = join(level - 1, first[child], second[child]);
    const NodeId joined = same(result, first)    ? left
                          : same(result, second) ? right
                                                 : made_inner(level, result);
    recent = {key, joined};
    return joined;
}

ClockPages::NodeId ClockPages::raised(NodeId tree, int process, int value) {
    if (tree != last_raise_.tree || process != last_raise_.process || value != last_raise_.value)
        last_raise_ = {tree, process, value, joined_raised(height_, tree, zeros, process, value)};
    return last_raise_.raised;
}

ClockPages::NodeId ClockPages::joined_raised(int level, NodeId left, NodeId right,
                                             std::int64_t entry, int value) {
    // Not remembered among the latest joins: the raised entry is the giver's
    // own, new with each step it hands on, so the same three never meet twice.
    if (level == 0) return join_pages(left, right, static_cast<int>(entry), value);
    const std::int64_t below = span(level - 1);
    const auto raised_child = static_cast<std::size_t>(entry / below);
    const Inner first = inners_[left];
    const Inner second = inners_[right];
    Inner result;
    for (std::size_t child = 0; child < children; ++child)
        result[child] = child == raised_child ? joined_raised(level - 1, first[child],
                                                              second[child], entry % below, value)
                                              : join(level - 1, first[child], second[child]);
    return same(result, first) ? left : same(result, second) ? right : made_inner(level, result);
}

}  // namespace trivcheck::mscclpp
