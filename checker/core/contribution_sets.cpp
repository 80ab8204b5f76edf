#include "checker/core/contribution_sets.hpp"

#include <algorithm>
#include <cassert>

namespace trivcheck {

namespace {

/// Sorts arcs and merges those that touch or overlap.
void normalise(std::vector<Arc>& arcs) {
    std::sort(arcs.begin(), arcs.end(),
              [](const Arc& x, const Arc& y) { return x.begin < y.begin; });
    std::size_t out = 0;
    for (const Arc& arc : arcs) {
        if (arc.begin >= arc.end) continue;
        if (out > 0 && arc.begin <= arcs[out - 1].end) {
            arcs[out - 1].end = std::max(arcs[out - 1].end, arc.end);
        } else {
            arcs[out++] = arc;
        }
    }
    arcs.resize(out);
}

}  // namespace

ContributionSets::ContributionSets(int n) : n_(n) {
    std::vector<Arc> none;
    [[maybe_unused]] SetId empty_id = intern(none);
    assert(empty_id == empty);
    std::vector<Arc> everything{{0, n}};
    full_ = intern(everything);
}

ContributionSets::ContributionSets(const std::vector<int>& extents)
    : ContributionSets(RankTranslations(extents, {}).ranks()) {
    if (extents.size() > 1) torus_.emplace(extents, std::vector<int>{});
}

SetId ContributionSets::single(int contributor) {
    assert(contributor >= 0 && contributor < n_);
    const Arc arc{contributor, contributor + 1};
    return intern(std::span<const Arc>(&arc, 1));
}

SetId ContributionSets::new_single(int contributor) {
    assert(contributor >= 0 && contributor < n_);
    const Arc arc{contributor, contributor + 1};
    return append(std::span<const Arc>(&arc, 1));
}

void ContributionSets::reserve(std::size_t sets, std::size_t arcs) {
    arena_.reserve(arcs);
    first_arc_.reserve(sets);
    sizes_.reserve(sets);
}

SetId ContributionSets::from_arcs(std::vector<Arc> arcs) {
    normalise(arcs);
    return intern(arcs);
}

std::uint64_t ContributionSets::hash_arcs(std::span<const Arc> arcs) const {
    std::uint64_t hash = 0x9e3779b97f4a7c15ULL;
    for (const Arc& arc : arcs) {
        hash = (hash ^ static_cast<std::uint64_t>(arc.begin)) * 0x100000001b3ULL;
        hash = (hash ^ static_cast<std::uint64_t>(arc.end)) * 0x100000001b3ULL;
    }
    return hash == FlatHashMap::empty_key ? 0 : hash;
}

SetId ContributionSets::intern(std::span<const Arc> arcs) {
    constexpr SetId no_set = ~SetId{0};
    const std::uint64_t hash = hash_arcs(arcs);
    const std::uint32_t* head = by_hash_.find(hash);
    for (SetId id = head ? *head : no_set; id != no_set; id = next_same_hash_[id]) {
        std::span<const Arc> existing = this->arcs(id);
        if (std::equal(existing.begin(), existing.end(), arcs.begin(), arcs.end())) return id;
    }
    const SetId id = append(arcs);
    // Only interned sets are chained: the chain is as long as the last interned id.
    if (next_same_hash_.size() <= id) next_same_hash_.resize(std::size_t{id} + 1, no_set);
    next_same_hash_[id] = head ? *head : no_set;
    by_hash_.insert(hash, id);
    return id;
}

SetId ContributionSets::append(std::span<const Arc> arcs) {
    const auto id = static_cast<SetId>(sizes_.size());
    first_arc_.push_back(static_cast<std::uint32_t>(arena_.size()));
    std::uint32_t size = 0;
    for (const Arc& arc : arcs) {
        arena_.push_back(arc);
        size += arc.end - arc.begin;
    }
    sizes_.push_back(size);
    return id;
}

std::span<const Arc> ContributionSets::arcs(SetId set) const {
    const std::uint32_t begin = first_arc_[set];
    const std::uint32_t end = set + 1 < first_arc_.size()
                                  ? first_arc_[set + 1]
                                  : static_cast<std::uint32_t>(arena_.size());
    return {arena_.data() + begin, end - begin};
}

bool ContributionSets::contains(SetId set, int contributor) const {
    std::span<const Arc> list = arcs(set);
    auto it = std::upper_bound(list.begin(), list.end(), contributor,
                               [](int value, const Arc& arc) { return value < arc.begin; });
    return it != list.begin() && contributor < std::prev(it)->end;
}

int ContributionSets::first_missing(SetId set) const {
    int next = 0;
    for (const Arc& arc : arcs(set)) {
        if (arc.begin > next) return next;
        next = arc.end;
    }
    return next < n_ ? next : -1;
}

SetId ContributionSets::rotate_memoised(SetId set, int delta, std::uint64_t key) {
    if (const std::uint32_t* cached = rotations_.find(key)) {
        last_rotation_ = {key, *cached};
        return *cached;
    }
    scratch_.clear();
    for (const Arc& arc : arcs(set)) {
        if (torus_) {
            translate_arc(arc, delta);
            continue;
        }
        const int begin = arc.begin + delta;
        const int end = arc.end + delta;
        if (begin >= n_) {
            scratch_.push_back({begin - n_, end - n_});
        } else if (end > n_) {
            scratch_.push_back({begin, n_});
            scratch_.push_back({0, end - n_});
        } else {
            scratch_.push_back({begin, end});
        }
    }
    std::vector<Arc> rotated = scratch_;
    normalise(rotated);
    const SetId result = intern(rotated);
    rotations_.insert(key, result);
    last_rotation_ = {key, result};
    return result;
}

void ContributionSets::translate_arc(const Arc& arc, int delta) {
    // Row by row (dimension 0): a row moves whole to its translated row, and
    // within it its run turns by delta's coordinate 0.
    const int row = torus_->extents().front();
    const int along = delta % row;
    const int across = delta - along;
    for (int x = arc.begin; x < arc.end;) {
        const int row_start = x - x % row;
        const int row_end = std::min(arc.end, row_start + row);
        const int base = torus_->add(row_start, across);
        const int begin = x - row_start + along;
        const int end = row_end - row_start + along;
        if (begin >= row) {
            scratch_.push_back({base + begin - row, base + end - row});
        } else if (end > row) {
            scratch_.push_back({base + begin, base + row});
            scratch_.push_back({base, base + end - row});
        } else {
            scratch_.push_back({base + begin, base + end});
        }
        x = row_end;
    }
}

UnionResult ContributionSets::unite_memoised(SetId a, SetId b, std::uint64_t key) {
    if (const std::uint32_t* cached = unions_.find(key)) {
        last_union_ = {key, *cached};
        return union_results_[*cached];
    }
    const UnionResult result = unite_uncached(a, b);
    last_union_ = {key, static_cast<std::uint32_t>(union_results_.size())};
    unions_.insert(key, last_union_.value);
    union_results_.push_back(result);
    return result;
}

UnionResult ContributionSets::unite_uncached(SetId a, SetId b) {
    std::span<const Arc> left = arcs(a);
    std::span<const Arc> right = arcs(b);
    int overlap = -1;
    // Arcs within each side are disjoint and sorted, so the first overlap found
    // walking both lists in order is the lowest shared contributor.
    for (std::size_t i = 0, j = 0; i < left.size() && j < right.size();) {
        const int begin = std::max(left[i].begin, right[j].begin);
        const int end = std::min(left[i].end, right[j].end);
        if (begin < end) {
            overlap = begin;
            break;
        }
        if (left[i].end <= right[j].end)
            ++i;
        else
            ++j;
    }
    // Merged in a buffer kept between calls: a union costs no allocation.
    std::vector<Arc>& merged = merge_buffer_;
    merged.clear();
    std::merge(left.begin(), left.end(), right.begin(), right.end(), std::back_inserter(merged),
               [](const Arc& x, const Arc& y) { return x.begin < y.begin; });
    normalise(merged);
    // Without remembered unions every union is a set of its own (remember_unions).
    if (!memoise_unions_) return {append(merged), overlap};
    return {intern(merged), overlap};
}

std::size_t ContributionSets::memory_bytes() const {
    return arena_.capacity() * sizeof(Arc) + first_arc_.capacity() * 4 + sizes_.capacity() * 4 +
           next_same_hash_.capacity() * 4 + by_hash_.memory_bytes() + rotations_.memory_bytes() +
           unions_.memory_bytes() + union_results_.capacity() * sizeof(UnionResult);
}

}  // namespace trivcheck
