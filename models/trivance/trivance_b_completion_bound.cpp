#include "models/trivance/trivance_b_completion_bound.hpp"

#include <algorithm>
#include <cstdint>

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

namespace {

/// The least max(u x, v (total - x)) over integer x in [lo, hi] (lo <= hi):
/// the function is convex in x, so the least is at the clamped crossing.
std::int64_t least_max(std::int64_t u, std::int64_t v, std::int64_t total, std::int64_t lo,
                       std::int64_t hi) {
    const auto at = [&](std::int64_t x) { return std::max(u * x, v * (total - x)); };
    std::int64_t least = std::min(at(lo), at(hi));
    if (u + v > 0) {
        const std::int64_t cross = v * total / (u + v);
        for (std::int64_t x : {cross, cross + 1})
            if (x >= lo && x <= hi) least = std::min(least, at(x));
    }
    return least;
}

}  // namespace

TwoStepCompletionBound::TwoStepCompletionBound(int n, Offsets placed)
    : n_(n), all_(all_offsets(n)), placed_(placed), placed_count_(placed.count()) {
    Offsets mirror;
    placed.each([&](int q) { mirror.add(wrap(-q, n_)); });
    for (int k = 0; k < n_; ++k) {
        placed_turned_[static_cast<std::size_t>(k)] = rotated(placed, k, n_, all_);
        mirror_turned_[static_cast<std::size_t>(k)] = rotated(mirror, k, n_, all_);
    }
}

std::int64_t TwoStepCompletionBound::least(std::int64_t cap) const {
    std::int64_t least_found = cap;
    for (int plus = 0; plus <= n_ / 2 && plus < least_found; ++plus)
        for (int minus = 0; minus <= n_ / 2 && minus < least_found; ++minus)
            least_found = std::min(least_found, least({plus, minus}, least_found));
    return least_found;
}

std::int64_t TwoStepCompletionBound::least(StepDistances first, std::int64_t cap) const {
    return least_below(first, cap, false);
}

bool TwoStepCompletionBound::reaches(StepDistances first, std::int64_t cap) const {
    return least_below(first, cap, true) >= cap;
}

std::int64_t TwoStepCompletionBound::least_below(StepDistances first, std::int64_t cap,
                                                 bool first_below) const {
    const int a = first.plus;
    const int b = first.minus;
    // The placed set and its mirror image turned by k, for k in [-n, 2n)
    // (every use below: distances are at most n/2), without a division.
    const auto slot = [&](int k) {
        return static_cast<std::size_t>(k < 0 ? k + n_ : k >= n_ ? k - n_ : k);
    };
    const auto turned = [&](int k) { return placed_turned_[slot(k)]; };
    const auto mirror_turned = [&](int k) { return mirror_turned_[slot(k)]; };
    // The first step's candidates: p - a (sends + to p) and p + b, p placed.
    const Offsets by_plus = a == 0 ? Offsets{} : turned(-a).without(placed_);
    const Offsets by_minus = b == 0 ? Offsets{} : turned(b).without(placed_);
    if ((a > 0 && by_plus.empty()) || (b > 0 && by_minus.empty())) return cap;
    // Each side with a distance adopts at least one: the step costs at least the larger distance.
    const std::int64_t first_least = std::max(a, b);
    if (first_least >= cap) return cap;
    // Every set the first step can leave is inside `reach`; the last step at most triples it.
    const Offsets reach = placed_ | by_plus | by_minus;
    if (3 * reach.count() < n_) return cap;
    const Offsets left = all_.without(reach);
    // Cheaper still: the first step places k >= k_least (the last at most
    // triples what is placed then), at least g k with g = ab / (a + b) (the
    // least max(a x, b (k - x)) over real x; a k or b k with one side unused);
    // the last places the other unplaced - k at one hop each, half a side at
    // least; g >= 1/2, so the sum is least at the least k.
    if (a + b > 0) {
        const std::int64_t unplaced = n_ - placed_count_;
        const std::int64_t k_least = std::max<std::int64_t>((a > 0 ? 1 : 0) + (b > 0 ? 1 : 0),
                                                            (unplaced - 2 * placed_count_ + 2) / 3);
        if (k_least > (by_plus | by_minus).count()) return cap;
        // 2 (a + b) times the bound, against 2 (a + b) cap (a + b > 0 here).
        const std::int64_t ab = std::int64_t{a} * b;
        const std::int64_t sum = std::int64_t{a} + b;
        const std::int64_t first_twice =
            a > 0 && b > 0 ? 2 * ab * k_least : 2 * sum * sum * k_least;
        if (first_twice + sum * (unplaced - k_least) >= 2 * sum * cap) return cap;
    }
    // Counting alone first: whatever its distances (1 or more, or 0 for a
    // side that adopts nothing), the last step costs at least max(x+, x-).
    if (least_with_last(first, by_plus, by_minus, {1, 1}, Offsets{}, Offsets{}, cap, false) >= cap)
        return cap;
    std::int64_t least_found = cap;
    // Once below the cap the answer is known when only that is asked.
    const auto done = [&] { return first_below && least_found < cap; };
    // A last step's side with distance e adopts one at least: it costs e or more.
    const auto most = [&] {
        return static_cast<int>(std::min<std::int64_t>(n_ / 2, least_found - 1 - first_least));
    };
    // reach = placed ∪ (placed - a) ∪ (placed + b) turned by k, from the tables.
    const auto reach_turned = [&](int k) { return turned(k) | turned(k - a) | turned(k + b); };
    // x - reach = {x - q : q in reach}: the mirror image turned by x.
    const auto backwards_turned = [&](int x) {
        return mirror_turned(x) | mirror_turned(x + a) | mirror_turned(x - b);
    };
    for (int c = 0; c <= most(); ++c) {
        // x is a + child of the last step only if x + c is placed by then (in reach).
        const Offsets plus_able = c == 0 ? Offsets{} : reach_turned(-c);
        // What the first step cannot reach and x + c cannot adopt: a - child of the last step.
        const Offsets minus_only = left.without(plus_able);
        if (minus_only.empty()) {
            // d = 0: everything left is a + child.
            least_found =
                std::min(least_found, least_with_last(first, by_plus, by_minus, {c, 0}, left,
                                                      Offsets{}, least_found, true));
            if (done()) return least_found;
            // Any d >= 1: what d costs is at least 1 a block, nothing forced (relaxed).
            if (1 <= most())
                least_found =
                    std::min(least_found, least_with_last(first, by_plus, by_minus, {c, 1},
                                                          Offsets{}, Offsets{}, least_found, true));
            if (done()) return least_found;
            continue;
        }
        // Each x of minus_only has a parent x - d in reach: d is in x - reach
        // for every such x (the first few narrow it to a handful).
        Offsets distances = all_;
        Offsets narrowing = minus_only;
        for (int narrowed = 0; narrowed < 3 && !narrowing.empty(); ++narrowed) {
            const int x = narrowing.first();
            distances = distances & backwards_turned(x);
            narrowing.erase(x);
        }
        for (int d = std::max(distances.first(), 1); d >= 1 && d <= most(); ++d) {
            if (!distances.has(d)) continue;
            const Offsets minus_able = reach_turned(d);
            if (!minus_only.without(minus_able).empty()) continue;
            // What d cannot adopt is a + child (empty when c = 0, else infeasible below).
            const Offsets plus_only = left.without(minus_able);
            least_found =
                std::min(least_found, least_with_last(first, by_plus, by_minus, {c, d}, plus_only,
                                                      minus_only, least_found, true));
            if (done()) return least_found;
        }
    }
    return least_found;
}

std::int64_t TwoStepCompletionBound::least_with_last(StepDistances first, Offsets by_plus,
                                                     Offsets by_minus, StepDistances last,
                                                     Offsets forced_plus, Offsets forced_minus,
                                                     std::int64_t cap, bool sides_adopt) const {
    const std::int64_t a = first.plus;
    const std::int64_t b = first.minus;
    const std::int64_t c = last.plus;
    const std::int64_t d = last.minus;
    // A forced child's parent must be placed before the last step: the
    // parents not already placed are the first step's children.
    Offsets parents;
    if (c > 0) parents = parents | rotated(forced_plus, static_cast<int>(c), n_, all_);
    if (d > 0) parents = parents | rotated(forced_minus, n_ - static_cast<int>(d), n_, all_);
    const Offsets required = parents.without(placed_);
    const std::int64_t required_plus = required.without(by_minus).count();
    const std::int64_t required_minus = required.without(by_plus).count();
    const std::int64_t plus_pool = by_plus.count();
    const std::int64_t minus_pool = by_minus.count();
    const std::int64_t pool = (by_plus | by_minus).count();
    const std::int64_t forced_plus_count = forced_plus.count();
    const std::int64_t forced_minus_count = forced_minus.count();
    std::int64_t least_found = cap;
    for (std::int64_t k = required.count(); k <= pool; ++k) {
        // The first step: k children, k+ of them +.
        std::int64_t lo1 = std::max({a > 0 ? std::int64_t{1} : 0, required_plus, k - minus_pool});
        std::int64_t hi1 =
            std::min(plus_pool, k - std::max(b > 0 ? std::int64_t{1} : 0, required_minus));
        if (a == 0) hi1 = std::min<std::int64_t>(hi1, 0);
        if (b == 0) lo1 = std::max(lo1, k);
        if (lo1 > hi1) continue;
        const std::int64_t first_cost = least_max(a, b, k, lo1, hi1);
        if (first_cost >= least_found) continue;
        // The last step: the rest, each placed one adopting at most one each way.
        const std::int64_t rest = n_ - placed_count_ - k;
        const std::int64_t placed_then = placed_count_ + k;
        std::int64_t lo0 = std::max(forced_plus_count, sides_adopt && c > 0 ? std::int64_t{1} : 0);
        std::int64_t hi0 =
            rest - std::max(forced_minus_count, sides_adopt && d > 0 ? std::int64_t{1} : 0);
        hi0 = std::min(hi0, c > 0 ? placed_then : 0);
        lo0 = std::max(lo0, rest - (d > 0 ? placed_then : 0));
        if (lo0 > hi0) continue;
        least_found = std::min(least_found, first_cost + least_max(c, d, rest, lo0, hi0));
    }
    return least_found;
}

}  // namespace trivcheck
