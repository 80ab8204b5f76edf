#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "checker/core/flat_hash_map.hpp"
#include "models/rank_translations.hpp"

namespace trivcheck {

/// Identifies a hash-consed set of contributor ranks; equal sets share an id.
using SetId = std::uint32_t;

/// A run of contributors [begin, end) within [0, n).
struct Arc {
    int begin = 0;
    int end = 0;
    friend bool operator==(const Arc&, const Arc&) = default;
};

/// Result of a reduction: the union, and the lowest contributor present on
/// both sides (-1 when the sides are disjoint, as a reduction requires).
struct UnionResult {
    SetId set = 0;
    int overlap = -1;
};

/// The symbolic values of the executor (docs/model.md: a value is the set of
/// contributions summed into it). Sets of ranks in [0, n) are stored once
/// each, as sorted disjoint arcs, and named by id; rotations and unions are
/// memoised. Structured schedules (arcs around each rank) therefore need a
/// handful of sets however large n is. Callers keep values relative to the
/// rank holding them, so every rank of a rotation-symmetric schedule shares ids.
/// On a torus "relative" is by translation (models/rank_translations.hpp):
/// contributor c held by rank r is stored as the translation from r to c.
class ContributionSets {
  public:
    explicit ContributionSets(int n);
    /// Contributors of a ring ({n}) or torus with these extents.
    explicit ContributionSets(const std::vector<int>& extents);

    static constexpr SetId empty = 0;
    SetId full() const { return full_; }
    SetId single(int contributor);
    /// A new set {contributor}, appended without looking for an equal set
    /// made before (as a union is without remembered unions): for a caller
    /// that makes each single once and reads values by their arcs.
    SetId new_single(int contributor);
    /// The set made of `arcs` (any order, may touch or overlap; each within [0, n)).
    SetId from_arcs(std::vector<Arc> arcs);

    /// Every contributor c of `set` moved to (c + delta) mod n; on a torus,
    /// moved by translation `delta` (0 <= delta < n).
    /// The trivial cases and the last answer are decided here, inline: the
    /// executor asks once per delivered block, mostly the same question.
    SetId rotate(SetId set, int delta) {
        if (delta < 0 || delta >= n_) delta = ((delta % n_) + n_) % n_;
        if (delta == 0 || set == empty || set == full_) return set;
        const std::uint64_t key = pair_key(set, static_cast<std::uint32_t>(delta));
        // A transfer's blocks mostly carry one set: the last answer saves the look-up.
        if (key == last_rotation_.key) return last_rotation_.value;
        return rotate_memoised(set, delta, key);
    }
    /// The union of two sets and the first contributor they share, if any.
    UnionResult unite(SetId a, SetId b) {
        if (a == empty) return {b, -1};
        if (b == empty) return {a, -1};
        if (a > b) std::swap(a, b);
        if (!memoise_unions_) return unite_uncached(a, b);
        const std::uint64_t key = pair_key(a, b);
        if (key == last_union_.key) return union_results_[last_union_.value];
        return unite_memoised(a, b, key);
    }
    /// Whether unions are remembered by pair (the default): worth it when
    /// pairs recur, as across the ranks of a rotation-symmetric schedule; an
    /// MSCCL-IR run, whose values name their chunk, unites a pair once (a
    /// second time would be a double count). Without them a union is not
    /// looked up among the sets made before either: it is a set of its own,
    /// so equal sets may have different ids (an MSCCL-IR run reads its values
    /// by their arcs, never by id). Arcs, sizes and overlaps are the same.
    void remember_unions(bool remember) { memoise_unions_ = remember; }

    std::int64_t size(SetId set) const { return sizes_[set]; }
    bool contains(SetId set, int contributor) const;
    std::span<const Arc> arcs(SetId set) const;
    /// Lowest contributor of [0, n) not in `set`, or -1.
    int first_missing(SetId set) const;
    int ranks() const { return n_; }
    std::size_t memory_bytes() const;
    /// Room for `sets` sets of `arcs` arcs in all, made at once instead of by
    /// doubling (which copies everything made so far). The table that looks
    /// sets up is left to grow with the sets looked up (appended ones, as
    /// `new_single` and unions without remembered unions make, are not).
    void reserve(std::size_t sets, std::size_t arcs);

  private:
    static std::uint64_t pair_key(std::uint32_t a, std::uint32_t b) {
        return (std::uint64_t{a} << 32) | b;
    }
    SetId rotate_memoised(SetId set, int delta, std::uint64_t key);
    UnionResult unite_memoised(SetId a, SetId b, std::uint64_t key);
    SetId intern(std::span<const Arc> arcs);
    /// A new set of `arcs` (normalised), not looked up (intern files it).
    SetId append(std::span<const Arc> arcs);
    std::uint64_t hash_arcs(std::span<const Arc> arcs) const;
    UnionResult unite_uncached(SetId a, SetId b);
    /// Appends the arcs of `arc` moved by torus translation `delta` to scratch_.
    void translate_arc(const Arc& arc, int delta);

    int n_;
    /// The torus's translations; none on a ring.
    std::optional<RankTranslations> torus_;
    std::vector<Arc> arena_;
    std::vector<std::uint32_t> first_arc_;
    std::vector<std::uint32_t> sizes_;  // contributors per set (at most n)
    FlatHashMap
        by_hash_;  // hash -> first id with that hash; collisions chain through next_same_hash_
    /// [id]: the interned set filed before `id` under the same hash, or ~0;
    /// as long as the last interned id (appended sets are not filed).
    std::vector<SetId> next_same_hash_;
    FlatHashMap rotations_;
    /// The last look-up of each memo table (key FlatHashMap::empty_key: none yet).
    struct LastAnswer {
        std::uint64_t key = FlatHashMap::empty_key;
        std::uint32_t value = 0;
    };
    LastAnswer last_rotation_;
    LastAnswer last_union_;
    FlatHashMap unions_;  // (a, b) -> index into union_results_
    std::vector<UnionResult> union_results_;
    bool memoise_unions_ = true;
    SetId full_ = 0;
    std::vector<Arc> scratch_;
    std::vector<Arc> merge_buffer_;
};

}  // namespace trivcheck
