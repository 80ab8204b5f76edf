#include "models/trivance/trivance_b_partial_descent.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "models/ring_arithmetic.hpp"
#include "models/trivance/set_placement.hpp"

namespace trivcheck {

namespace {

constexpr std::int64_t no_plan_cost = std::numeric_limits<std::int64_t>::max();
constexpr int settle_distance_moves_up_to = 200;

/// A plan as distances and, per step, the adoptions its full adoption makes
/// but it does not: x in plus_dropped[t], x is not adopted at t by x + d+ (its
/// + parent); in minus_dropped[t], not by x - d-. A child neither parent
/// adopts is left to a later step.
struct DropPlan {
    int n = 0;
    std::vector<StepDistances> distances;
    std::vector<RingBitset> plus_dropped;
    std::vector<RingBitset> minus_dropped;
    int steps() const { return static_cast<int>(distances.size()); }
};

/// The tree as it grows, as sets: `placed` (the owner and every child of
/// the steps grown), and the last step's children by the parent that may
/// adopt them (`by_plus`: x + d+ may, `by_minus`: x - d- may; a two-way
/// child is in both).
struct Growth {
    explicit Growth(int n) : placed(n), by_plus(n), by_minus(n), turned(n) {}

    void start() {
        placed.clear();
        placed.add(0);
    }
    /// Places step t's children: every displacement not placed that a parent
    /// placed before t reaches (x + d+ or x - d- placed), but the dropped; and
    /// counts them by their directions. Distances are in [0, n).
    StepPlacement step(int n, StepDistances d, const RingBitset& plus_dropped,
                       const RingBitset& minus_dropped) {
        grow_children(by_plus, placed, placed, n, d.plus, true);
        by_plus.remove(plus_dropped);
        grow_children(by_minus, placed, placed, n, d.minus, false);
        by_minus.remove(minus_dropped);
        const StepPlacement counts = placement_of_children(by_plus, by_minus);
        placed.insert(by_plus);
        placed.insert(by_minus);
        return counts;
    }
    StepPlacement step(const DropPlan& plan, int t) {
        const auto index = static_cast<std::size_t>(t);
        return step(plan.n, plan.distances[index], plan.plus_dropped[index],
                    plan.minus_dropped[index]);
    }
    /// The last step's children (by_plus ∪ by_minus) into `into`.
    void children(RingBitset& into) const {
        into = by_plus;
        into.insert(by_minus);
    }

    RingBitset placed;
    RingBitset by_plus;
    RingBitset by_minus;
    RingBitset turned;  // scratch
};

/// Grows steps `from` down to 0 on `growth` and returns what they cost;
/// no_plan_cost when a displacement stays unplaced or the cost reaches `bound`.
std::int64_t grow_rest(const DropPlan& plan, int from, Growth& growth, std::int64_t spent,
                       std::int64_t bound) {
    for (int t = from; t >= 0; --t) {
        spent += least_step_link_blocks(plan.distances[static_cast<std::size_t>(t)],
                                        growth.step(plan, t));
        if (spent >= bound) return no_plan_cost;
    }
    if (growth.placed.count() != plan.n) return no_plan_cost;
    return spent;
}

/// The drop form of a plan: a partial step drops every adoption it does not make.
std::optional<DropPlan> drop_plan_of(const TrivanceBPlan& plan) {
    if (!plan_tree_steps(plan)) return std::nullopt;
    const RingBitset none(plan.n);
    DropPlan drops{plan.n, plan.steps, std::vector<RingBitset>(plan.steps.size(), none),
                   std::vector<RingBitset>(plan.steps.size(), none)};
    for (std::size_t index = 0; index < plan.steps.size(); ++index) {
        const StepSenders* senders = plan.partial(index);
        if (!senders) continue;
        RingBitset& plus = drops.plus_dropped[index];
        RingBitset& minus = drops.minus_dropped[index];
        for (int x = 0; x < plan.n; ++x) {
            plus.add(x);
            minus.add(x);
        }
        const StepDistances d = plan.steps[index];
        for (int parent : senders->plus) plus.erase(wrap(parent - d.plus, plan.n));
        for (int parent : senders->minus) minus.erase(wrap(parent + d.minus, plan.n));
    }
    return drops;
}

/// The plan text's form: a step that drops a child it reaches names its
/// adopters each way (two-way children split as the balanced rule splits
/// them, the lowest displacements +), the others stay full.
TrivanceBPlan plan_of(const DropPlan& drops) {
    const int n = drops.n;
    TrivanceBPlan plan{n, drops.distances, {}};
    std::vector<std::optional<StepSenders>> senders(drops.distances.size());
    bool partial = false;
    Growth growth(n);
    growth.start();
    Growth full(n);
    const RingBitset none(n);
    RingBitset children(n);
    for (int t = drops.steps() - 1; t >= 0; --t) {
        const auto index = static_cast<std::size_t>(t);
        const StepDistances d = drops.distances[index];
        full.placed = growth.placed;
        full.step(n, d, none, none);
        const StepPlacement counts = growth.step(drops, t);
        // Full when the drops change no child's options.
        if (growth.by_plus == full.by_plus && growth.by_minus == full.by_minus) continue;
        partial = true;
        int plus_share = least_load_plus_share(d, counts);
        StepSenders& step = senders[index].emplace();
        growth.children(children);
        children.each([&](int x) {
            const bool two_way = growth.by_plus.has(x) && growth.by_minus.has(x);
            const bool plus = two_way ? plus_share-- > 0 : growth.by_plus.has(x);
            if (plus)
                step.plus.push_back(wrap(x + d.plus, n));
            else
                step.minus.push_back(wrap(x - d.minus, n));
        });
        std::sort(step.plus.begin(), step.plus.end());
        std::sort(step.minus.begin(), step.minus.end());
    }
    if (partial) plan.senders = std::move(senders);
    return plan;
}

class Descent {
  public:
    Descent(DropPlan plan, std::int64_t& evaluated)
        : plan_(std::move(plan)),
          evaluated_(&evaluated),
          next_(plan_),
          grown_(plan_.n),
          prefix_(plan_.n),
          levels_(static_cast<std::size_t>(plan_.steps()) + 1, RingBitset(plan_.n)),
          children_(plan_.n),
          was_plus_(plan_.n),
          was_minus_(plan_.n) {
        cost_ = cost_of(plan_, no_plan_cost);
    }

    void run() {
        if (cost_ == no_plan_cost) return;
        for (bool improved = true; improved;) {
            improved = false;
            for (int t = 0; t < plan_.steps(); ++t) improved = move_distance(t) || improved;
            for (int t = plan_.steps() - 1; t >= 1; --t) improved = move_drops(t) || improved;
        }
    }
    const DropPlan& plan() const { return plan_; }
    std::int64_t cost() const { return cost_; }

  private:
    std::int64_t cost_of(const DropPlan& plan, std::int64_t bound) {
        ++*evaluated_;
        grown_.start();
        return grow_rest(plan, plan.steps() - 1, grown_, 0, bound);
    }

    /// Tries new + , - and common distances for step t, each as it is and
    /// with greedy drops at t; keeps any strict improvement.
    bool move_distance(int t) {
        const auto index = static_cast<std::size_t>(t);
        bool improved = false;
        for (int side = 0; side < 3; ++side) {
            const StepDistances now = plan_.distances[index];
            const int from = side == 1 ? now.minus : now.plus;
            for (int d : descent_distances(plan_.n, from)) {
                next_ = plan_;
                StepDistances& changed = next_.distances[index];
                if (side != 1) changed.plus = d;
                if (side != 0) changed.minus = d;
                if (changed == now) continue;
                std::int64_t next_cost = cost_of(next_, no_plan_cost);
                if (next_cost == no_plan_cost) continue;
                // Settled first on small rings only: a distance that pays only with
                // drops is then found; above, each settling costs a sweep of the ring.
                if (plan_.n <= settle_distance_moves_up_to) settle(next_, next_cost);
                if (next_cost < cost_) {
                    std::swap(plan_, next_);
                    cost_ = next_cost;
                    improved = true;
                }
            }
        }
        return improved;
    }

    /// Drops, step by step from the coarsest, whole levels' adoptions and
    /// then children of the busier side, one at a time, while that lowers `cost`.
    void settle(DropPlan& plan, std::int64_t& cost) {
        for (int t = plan.steps() - 1; t >= 1; --t) {
            while (try_level_drops(plan, t, cost)) {
            }
            while (try_drops(plan, t, cost)) {
            }
        }
    }

    /// Drops the adoptions at step t, one way or both, of every parent placed
    /// at one earlier step (or the owner), the first such that lowers `cost`.
    bool try_level_drops(DropPlan& plan, int t, std::int64_t& cost) {
        const auto index = static_cast<std::size_t>(t);
        const StepDistances d = plan.distances[index];
        const std::int64_t spent = prefix(plan, t, true);
        RingBitset& plus_dropped = plan.plus_dropped[index];
        RingBitset& minus_dropped = plan.minus_dropped[index];
        was_plus_ = plus_dropped;
        was_minus_ = minus_dropped;
        RingBitset& turned = children_.turned;
        // Adds `level` turned by k to `dropped`; true when that adds a drop.
        const auto drop_turned = [&](RingBitset& dropped, const RingBitset& level, int k) {
            turned.assign_rotated(level, k);
            const int had = dropped.count();
            dropped.insert(turned);
            return dropped.count() != had;
        };
        for (int level = t + 1; level <= plan.steps(); ++level) {
            const RingBitset& parents = levels_[static_cast<std::size_t>(level)];
            for (int ways = 0; ways < 3; ++ways) {
                // + only, - only, both.
                bool changed = false;
                if (ways != 1 && d.plus != 0)
                    changed = drop_turned(plus_dropped, parents, plan.n - d.plus) || changed;
                if (ways != 0 && d.minus != 0)
                    changed = drop_turned(minus_dropped, parents, d.minus) || changed;
                if (changed) {
                    ++*evaluated_;
                    grown_.placed = prefix_.placed;
                    if (const std::int64_t next = grow_rest(plan, t, grown_, spent, cost);
                        next < cost) {
                        cost = next;
                        return true;
                    }
                }
                plus_dropped = was_plus_;
                minus_dropped = was_minus_;
            }
        }
        return false;
    }

    bool move_drops(int t) {
        bool improved = false;
        while (try_level_drops(plan_, t, cost_) || try_drops(plan_, t, cost_) || try_undrops(t))
            improved = true;
        return improved;
    }

    /// Grows the steps coarser than t into prefix_ and returns what they
    /// cost; with `levels`, levels_[s] is what step s placed (levels_[steps]: the owner).
    std::int64_t prefix(const DropPlan& plan, int t, bool levels) {
        prefix_.start();
        if (levels) levels_.back() = prefix_.placed;
        std::int64_t spent = 0;
        for (int s = plan.steps() - 1; s > t; --s) {
            spent += least_step_link_blocks(plan.distances[static_cast<std::size_t>(s)],
                                            prefix_.step(plan, s));
            if (levels) prefix_.children(levels_[static_cast<std::size_t>(s)]);
        }
        return spent;
    }

    /// Drops, in one sweep, each child of step t's busier side (two-way ones
    /// count on both) whose drop lowers `cost`; false when none does.
    bool try_drops(DropPlan& plan, int t, std::int64_t& cost) {
        const auto index = static_cast<std::size_t>(t);
        const StepDistances d = plan.distances[index];
        const std::int64_t spent = prefix(plan, t, false);
        children_.placed = prefix_.placed;
        const StepPlacement counts = children_.step(plan, t);
        const int k = least_load_plus_share(d, counts);
        const std::int64_t plus_load = std::int64_t{d.plus} * (counts.forced_plus + k);
        const std::int64_t minus_load =
            std::int64_t{d.minus} * (counts.forced_minus + counts.two_way - k);
        const std::int64_t most = std::max(plus_load, minus_load);
        if (most == 0) return false;
        // Both sides at the step's most: one drop cannot lower it, so a drop
        // that costs nothing more is taken (the other side's next drop may).
        bool tie = plus_load == minus_load;
        bool dropped_any = false;
        RingBitset& plus_dropped = plan.plus_dropped[index];
        RingBitset& minus_dropped = plan.minus_dropped[index];
        children_.children(children_.turned);
        children_.turned.each([&](int x) {
            const bool by_plus = children_.by_plus.has(x);
            const bool by_minus = children_.by_minus.has(x);
            const bool busy = (by_plus && by_minus) || (by_plus ? plus_load : minus_load) == most;
            if (!busy) return;
            const bool had_plus = plus_dropped.has(x);
            const bool had_minus = minus_dropped.has(x);
            plus_dropped.add(x);
            minus_dropped.add(x);
            ++*evaluated_;
            grown_.placed = prefix_.placed;
            const std::int64_t next = grow_rest(plan, t, grown_, spent, tie ? cost + 1 : cost);
            if (next < cost || (tie && next == cost)) {
                cost = next;
                dropped_any = true;
                tie = false;
                return;
            }
            if (!had_plus) plus_dropped.erase(x);
            if (!had_minus) minus_dropped.erase(x);
        });
        return dropped_any;
    }

    /// Takes back, in one sweep, each drop at step t whose return lowers the cost.
    bool try_undrops(int t) {
        const auto index = static_cast<std::size_t>(t);
        const std::int64_t spent = prefix(plan_, t, false);
        RingBitset& plus_dropped = plan_.plus_dropped[index];
        RingBitset& minus_dropped = plan_.minus_dropped[index];
        RingBitset& either = children_.turned;
        either = plus_dropped;
        either.insert(minus_dropped);
        bool undropped_any = false;
        either.each([&](int x) {
            const bool had_plus = plus_dropped.has(x);
            const bool had_minus = minus_dropped.has(x);
            plus_dropped.erase(x);
            minus_dropped.erase(x);
            ++*evaluated_;
            grown_.placed = prefix_.placed;
            const std::int64_t next = grow_rest(plan_, t, grown_, spent, cost_);
            if (next < cost_) {
                cost_ = next;
                undropped_any = true;
                return;
            }
            if (had_plus) plus_dropped.add(x);
            if (had_minus) minus_dropped.add(x);
        });
        return undropped_any;
    }

    DropPlan plan_;
    std::int64_t* evaluated_;
    std::int64_t cost_ = no_plan_cost;
    // Scratch, kept to spare allocations: the candidate of a distance move,
    // the growth a costing runs on, the steps coarser than the one changed
    // and what each placed, a step's children and its drops as they were.
    DropPlan next_;
    Growth grown_;
    Growth prefix_;
    std::vector<RingBitset> levels_;
    Growth children_;
    RingBitset was_plus_;
    RingBitset was_minus_;
};

}  // namespace

int descent_kicks(int n) { return n <= partial_descent_most_ranks ? 1000 : 0; }

PlanSearchResult partial_step_descent(int n, const std::vector<TrivanceBPlan>& starts, int kicks) {
    PlanSearchResult best;
    best.plan = short_last_plan(n);
    best.phase_link_blocks = phase_link_blocks(best.plan).value();
    std::optional<DropPlan> best_drops;
    // A fixed generator: the same n gives the same plan on every run.
    std::mt19937 random(static_cast<std::mt19937::result_type>(n));
    const auto below = [&](int bound) {
        return static_cast<int>(random() % static_cast<unsigned>(bound));
    };
    for (const TrivanceBPlan& start : starts) {
        std::optional<DropPlan> drops = drop_plan_of(start);
        if (!drops) continue;
        Descent current(std::move(*drops), best.evaluated);
        current.run();
        const auto keep_if_best = [&](const Descent& descent) {
            if (descent.cost() >= best.phase_link_blocks) return;
            best_drops = descent.plan();
            best.phase_link_blocks = descent.cost();
        };
        keep_if_best(current);
        for (int kick = 0; kick < kicks; ++kick) {
            // Two distances set at random, then the descent from there; kept
            // when no costlier (so the walk crosses plateaus).
            DropPlan next = current.plan();
            for (int change = 0; change < 2; ++change) {
                StepDistances& d = next.distances[static_cast<std::size_t>(below(next.steps()))];
                const int side = below(3);
                const int value = below(n / 2 + 1);
                if (side != 1) d.plus = value;
                if (side != 0) d.minus = value;
            }
            Descent kicked(std::move(next), best.evaluated);
            kicked.run();
            if (kicked.cost() == no_plan_cost) continue;
            keep_if_best(kicked);
            if (kicked.cost() <= current.cost()) current = std::move(kicked);
        }
    }
    if (!best_drops) return best;
    TrivanceBPlan plan = plan_of(*best_drops);
    // The drop form's cost is the plan's (the balanced split is its least):
    // kept only when the plan text's own costing agrees.
    if (phase_link_blocks(plan) != best.phase_link_blocks)
        throw std::logic_error("trivance B partial descent: plan " + plan_text(plan) +
                               " does not cost what its drop form does");
    best.plan = std::move(plan);
    return best;
}

}  // namespace trivcheck
