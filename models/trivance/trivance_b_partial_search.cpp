#include "models/trivance/trivance_b_partial_search.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "models/ring_arithmetic.hpp"
#include "models/trivance/trivance_b_completion_bound.hpp"
#include "models/trivance/trivance_b_offsets.hpp"

namespace trivcheck {

namespace {

std::uint64_t reversed(std::uint64_t word) {
    std::uint64_t out = 0;
    for (int byte = 0; byte < 8; ++byte, word >>= 8) {
        auto b = static_cast<std::uint8_t>(word & 0xFFU);
        b = static_cast<std::uint8_t>(((b & 0xF0U) >> 4) | ((b & 0x0FU) << 4));
        b = static_cast<std::uint8_t>(((b & 0xCCU) >> 2) | ((b & 0x33U) << 2));
        b = static_cast<std::uint8_t>(((b & 0xAAU) >> 1) | ((b & 0x55U) << 1));
        out = (out << 8) | b;
    }
    return out;
}

struct OffsetsKey {
    Offsets set;
    int step = 0;
    bool operator==(const OffsetsKey&) const = default;
};

struct OffsetsKeyHash {
    std::size_t operator()(const OffsetsKey& key) const {
        std::uint64_t h = key.set.low * 0x9E3779B97F4A7C15ULL;
        h ^= key.set.high + 0x7F4A7C159E3779B9ULL + (h << 6) + (h >> 2);
        h ^= static_cast<std::uint64_t>(key.step) * 0xBF58476D1CE4E5B9ULL;
        return static_cast<std::size_t>(h ^ (h >> 31));
    }
};

/// Depth-first over the steps from the coarsest (the reduce-scatter's last),
/// as TreeGrowth walks them: the set of placed displacements is the whole
/// state, since every placed one may adopt at every later (finer) step.
class PartialStepSearch {
  public:
    PartialStepSearch(const PlanSearchResult& incumbent, std::int64_t node_limit)
        : n_(incumbent.plan.n),
          steps_(ceil_log(n_, 3)),
          all_(all_offsets(n_)),
          best_(incumbent),
          node_limit_(node_limit),
          distances_(static_cast<std::size_t>(steps_)),
          senders_(static_cast<std::size_t>(steps_)) {}

    /// False when the node limit was reached before the search ended.
    bool run() {
        if (steps_ == 0) return true;
        Offsets owner;
        owner.add(0);
        return branch(owner, steps_ - 1, 0);
    }
    const PlanSearchResult& best() const { return best_; }

  private:
    /// {x + k mod n : x in s} for k in [0, n).
    Offsets rotated(Offsets s, int k) const { return trivcheck::rotated(s, k, n_, all_); }
    /// The children p - d+ of the placed p (each sends + to its parent).
    Offsets plus_children(Offsets placed, int d) const {
        return d == 0 ? Offsets{} : rotated(placed, n_ - d).without(placed);
    }
    /// The children p + d- of the placed p (each sends - to its parent).
    Offsets minus_children(Offsets placed, int d) const {
        return d == 0 ? Offsets{} : rotated(placed, d).without(placed);
    }

    /// One representative of the placed set's turns and mirror images: what
    /// the later steps cost depends only on which displacements are placed,
    /// not on which is the owner (every placed one adopts alike), and a
    /// turned or mirrored tree costs the same. The least, over every turn that
    /// brings a member to 0, of the set and of its mirror image {-x}.
    Offsets canonical(Offsets placed) const {
        // Bit x to 127 - x, down to n - 1 - x, then turned by one: n - x mod n.
        const Offsets flipped{reversed(placed.high), reversed(placed.low)};
        const Offsets mirror = rotated(shifted_down(flipped, 128 - n_), 1);
        const auto order = [](Offsets s) { return std::pair{s.high, s.low}; };
        Offsets least = placed;
        for (const Offsets& image : {placed, mirror})
            image.each([&](int x) {
                const Offsets turned = rotated(image, x == 0 ? 0 : n_ - x);
                if (order(turned) < order(least)) least = turned;
            });
        return least;
    }

    /// A lower bound on what the steps after the placed set cost: each step
    /// places at most twice what costs one hop a side, and a displacement g
    /// from every placed one needs hops of g in all, each at most its step's cost.
    std::int64_t rest_bound(Offsets placed) const {
        const std::int64_t unplaced = n_ - placed.count();
        int widest_gap = 0;
        int previous = -1;
        placed.each([&](int x) {
            if (previous >= 0) widest_gap = std::max(widest_gap, x - previous - 1);
            previous = x;
        });
        // The gap from the last member round to the owner, 0.
        widest_gap = std::max(widest_gap, n_ - previous - 1);
        return std::max<std::int64_t>((unplaced + 1) / 2, (widest_gap + 1) / 2);
    }

    /// The largest distance a step may use and still beat the best plan:
    /// the step may cost at most best - 1 - cost, and a side that places
    /// something costs at least its distance.
    int distance_cap(std::int64_t cost) const {
        const std::int64_t budget = best_.phase_link_blocks - 1 - cost;
        return static_cast<int>(std::clamp<std::int64_t>(budget, 0, n_ / 2));
    }

    void record(int t, StepDistances distances, Offsets plus, Offsets minus) {
        const auto index = static_cast<std::size_t>(t);
        distances_[index] = distances;
        StepSenders& senders = senders_[index];
        senders.plus.clear();
        senders.minus.clear();
        for (int child : plus.members()) senders.plus.push_back(wrap(child + distances.plus, n_));
        for (int child : minus.members())
            senders.minus.push_back(wrap(child - distances.minus, n_));
        // In increasing order, as plan_text writes them and parse_plan_text reads them.
        std::sort(senders.plus.begin(), senders.plus.end());
        std::sort(senders.minus.begin(), senders.minus.end());
    }

    /// The finest step: it must place every displacement left, so the only
    /// choice is the side of those both distances reach.
    bool finish(Offsets placed, std::int64_t cost) {
        const Offsets unplaced = all_.without(placed);
        // A side that places something costs at least its distance.
        const int most = distance_cap(cost);
        const int placed_count = placed.count();
        for (int plus = 0; plus <= most; ++plus) {
            const Offsets by_plus = plus_children(placed, plus);
            const Offsets need = unplaced.without(by_plus);
            if (need.count() > placed_count) continue;
            if (need.empty()) {
                // The - side may still take some of the + side's load.
                for (int minus = 0; minus <= most; ++minus)
                    if (!try_last(placed, unplaced, cost, {plus, minus}, by_plus)) return false;
                continue;
            }
            // The least displacement the + side leaves has a placed parent
            // p + d- = it: d- is one of |placed| values.
            int first_needed = -1;
            need.each([&](int x) {
                if (first_needed < 0) first_needed = x;
            });
            bool within_limit = true;
            placed.each([&](int parent) {
                const int minus = wrap(first_needed - parent, n_);
                if (within_limit && minus >= 1 && minus <= most)
                    within_limit = try_last(placed, unplaced, cost, {plus, minus}, by_plus);
            });
            if (!within_limit) return false;
        }
        return true;
    }

    /// The finest step at these distances, if it places every displacement left.
    bool try_last(Offsets placed, Offsets unplaced, std::int64_t cost, StepDistances distances,
                  Offsets by_plus) {
        if (++best_.evaluated > node_limit_) return false;
        const Offsets by_minus = minus_children(placed, distances.minus);
        if ((by_plus | by_minus) != unplaced) return true;
        const Offsets both = by_plus & by_minus;
        const StepPlacement placement{0, 0, by_plus.without(by_minus).count(),
                                      by_minus.without(by_plus).count(), both.count()};
        const int least_k = least_load_plus_share(distances, placement);
        const std::int64_t least = least_step_link_blocks(distances, placement);
        if (cost + least >= best_.phase_link_blocks) return true;
        Offsets plus_side = by_plus.without(by_minus);
        const std::vector<int> shared = both.members();
        for (int k = 0; k < least_k; ++k) plus_side.add(shared[static_cast<std::size_t>(k)]);
        record(0, distances, plus_side, unplaced.without(plus_side));
        adopt_best(cost + least);
        return true;
    }

    void adopt_best(std::int64_t cost) {
        TrivanceBPlan plan{n_, distances_, {}};
        for (const StepSenders& senders : senders_) plan.senders.emplace_back(senders);
        best_.plan = std::move(plan);
        best_.phase_link_blocks = cost;
    }

    /// Every subset of `pool` with `size` members, by Gosper's rule over its indices.
    template <typename Visit>
    static bool subsets(const std::vector<int>& pool, int size, Visit visit) {
        const auto width = static_cast<int>(pool.size());
        if (size > width) return true;
        if (size == 0) return visit(Offsets{});
        for (std::uint64_t mask = (std::uint64_t{1} << size) - 1;
             mask < (std::uint64_t{1} << width);) {
            Offsets chosen;
            for (std::uint64_t bits = mask; bits != 0; bits &= bits - 1)
                chosen.add(pool[static_cast<std::size_t>(std::countr_zero(bits))]);
            if (!visit(chosen)) return false;
            const std::uint64_t lowest = mask & (~mask + 1);
            const std::uint64_t ripple = mask + lowest;
            mask = (((ripple ^ mask) >> 2) / lowest) | ripple;
        }
        return true;
    }

    bool branch(Offsets placed, int t, std::int64_t cost) {
        if (t == 0) return finish(placed, cost);
        const int most = distance_cap(cost);
        const bool coarsest = t + 1 == steps_;
        const int placed_count = placed.count();
        // Two steps left: a pair whose completion bound reaches the best plan is not searched.
        const std::optional<TwoStepCompletionBound> last_two =
            t == 1 ? std::optional<TwoStepCompletionBound>{std::in_place, n_, placed}
                   : std::nullopt;
        for (int plus = 0; plus <= most; ++plus)
            // A plan and its mirror image cost the same: the coarsest step keeps plus >= minus.
            for (int minus = 0; minus <= (coarsest ? plus : most); ++minus) {
                if (last_two) {
                    // The bound is most of the work here: it counts toward the node
                    // limit as one node for each last-step distance it tries.
                    best_.evaluated += n_ / 2 + 1;
                    if (best_.evaluated > node_limit_) return false;
                    const std::int64_t budget = best_.phase_link_blocks - cost;
                    if (last_two->reaches({plus, minus}, budget)) continue;
                }
                const Offsets by_plus = plus_children(placed, plus);
                const Offsets by_minus = minus_children(placed, minus);
                const std::vector<int> plus_pool = by_plus.members();
                if (plus_pool.size() >= 63) return false;
                for (int a = static_cast<int>(plus_pool.size()); a >= 0; --a) {
                    // A side that adopts nothing is the plan with distance 0 there.
                    if (a == 0 && plus != 0) continue;
                    const bool completed = subsets(plus_pool, a, [&](Offsets plus_side) {
                        return with_plus_side(placed, placed_count, t, cost, {plus, minus}, by_plus,
                                              by_minus.without(plus_side), plus_side);
                    });
                    if (!completed) return false;
                }
            }
        return true;
    }

    /// Step t's + children chosen: every - side that keeps the step maximal for its cost.
    bool with_plus_side(Offsets placed, int placed_count, int t, std::int64_t cost,
                        StepDistances distances, Offsets by_plus, Offsets minus_free,
                        Offsets plus_side) {
        if (++best_.evaluated > node_limit_) return false;
        const std::int64_t a = plus_side.count();
        const std::vector<int> minus_pool = minus_free.members();
        if (minus_pool.size() >= 63) return false;
        const auto free_count = static_cast<std::int64_t>(minus_pool.size());
        // A - side one short of its cap could take one more at no cost: a
        // larger placed set never costs more to finish, so it is not searched.
        const std::int64_t least_b =
            distances.minus == 0 ? 0 : std::min(free_count, distances.plus * a / distances.minus);
        for (std::int64_t b = free_count; b >= least_b; --b) {
            if (b == 0 && distances.minus != 0) continue;
            const std::int64_t step_cost = std::max(distances.plus * a, distances.minus * b);
            const std::int64_t now = placed_count + a + b;
            if (now * power(3, t) < n_) continue;
            if (cost + step_cost + (n_ - now + 1) / 2 >= best_.phase_link_blocks) continue;
            const bool completed =
                subsets(minus_pool, static_cast<int>(b), [&](Offsets minus_side) {
                    if (++best_.evaluated > node_limit_) return false;
                    // The + side likewise, when a + child is left and one more costs nothing.
                    const Offsets plus_left = by_plus.without(plus_side | minus_side);
                    if (!plus_left.empty() && distances.plus * (a + 1) <= step_cost) return true;
                    const Offsets next = placed | plus_side | minus_side;
                    if (cost + step_cost + rest_bound(next) >= best_.phase_link_blocks) return true;
                    const OffsetsKey key{canonical(next), t - 1};
                    const auto [seen, fresh] = seen_.try_emplace(key, cost + step_cost);
                    if (!fresh) {
                        if (seen->second <= cost + step_cost) return true;
                        seen->second = cost + step_cost;
                    }
                    record(t, distances, plus_side, minus_side);
                    return branch(next, t - 1, cost + step_cost);
                });
            if (!completed) return false;
        }
        return true;
    }

    int n_;
    int steps_;
    Offsets all_;
    PlanSearchResult best_;
    std::int64_t node_limit_;
    std::vector<StepDistances> distances_;
    std::vector<StepSenders> senders_;
    std::unordered_map<OffsetsKey, std::int64_t, OffsetsKeyHash> seen_;
};

/// The plan with every partial step that full adoption reproduces at the
/// same cost written as a full step (a shorter text, the same Θ).
TrivanceBPlan with_full_steps_where_equal(TrivanceBPlan plan) {
    const std::optional<std::int64_t> cost = phase_link_blocks(plan);
    for (std::size_t t = 0; t < plan.senders.size(); ++t) {
        if (!plan.senders[t]) continue;
        TrivanceBPlan full = plan;
        full.senders[t].reset();
        if (phase_link_blocks(full) == cost) plan = std::move(full);
    }
    if (std::none_of(plan.senders.begin(), plan.senders.end(),
                     [](const std::optional<StepSenders>& s) { return s.has_value(); }))
        plan.senders.clear();
    return plan;
}

}  // namespace

std::optional<PlanSearchResult> partial_step_plan_search(const PlanSearchResult& incumbent,
                                                         std::int64_t node_limit) {
    if (incumbent.plan.n > partial_search_most_ranks) return std::nullopt;
    PartialStepSearch search(incumbent, node_limit);
    if (!search.run()) return std::nullopt;
    PlanSearchResult result = search.best();
    result.plan = with_full_steps_where_equal(std::move(result.plan));
    result.proven_least = true;
    return result;
}

}  // namespace trivcheck
