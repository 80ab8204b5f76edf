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

namespace trivcheck {

namespace {

constexpr std::int64_t no_plan_cost = std::numeric_limits<std::int64_t>::max();
constexpr int not_placed = -1;
constexpr char plus_dropped = 1;
constexpr int settle_distance_moves_up_to = 200;
constexpr char minus_dropped = 2;

/// A plan as distances and, per step, the adoptions its full adoption makes
/// but it does not: dropped[t][x] & plus_dropped, x is not adopted at t by
/// x + d+ (its + parent), & minus_dropped, not by x - d-. A child neither
/// parent adopts is left to a later step.
struct DropPlan {
    int n = 0;
    std::vector<StepDistances> distances;
    std::vector<std::vector<char>> dropped;
    int steps() const { return static_cast<int>(distances.size()); }
};

/// Each displacement's send step as the plan grows (the owner sends after
/// every step: steps(); not_placed: -1). A displacement placed at a step later
/// than t (or the owner) adopts at t.
using SendSteps = std::vector<int>;

SendSteps owner_only(const DropPlan& plan) {
    SendSteps send_step(static_cast<std::size_t>(plan.n), not_placed);
    send_step[0] = plan.steps();
    return send_step;
}

/// Places step t's children (every not_placed displacement a parent placed
/// before t reaches, but the dropped) and counts them by their directions.
/// `children`, when given, receives each child with its options (+1 only +,
/// -1 only -, 0 both).
StepPlacement grow_step(const DropPlan& plan, int t, SendSteps& send_step,
                        std::vector<std::pair<int, int>>* children = nullptr) {
    const int n = plan.n;
    const StepDistances d = plan.distances[static_cast<std::size_t>(t)];
    const std::vector<char>& dropped = plan.dropped[static_cast<std::size_t>(t)];
    StepPlacement counts;
    const auto at = [&](int x) { return send_step[static_cast<std::size_t>(x)]; };
    for (int x = 0; x < n; ++x) {
        if (at(x) != not_placed) continue;
        const char drop = dropped[static_cast<std::size_t>(x)];
        const int up = x + d.plus >= n ? x + d.plus - n : x + d.plus;
        const int down = x - d.minus < 0 ? x - d.minus + n : x - d.minus;
        const bool plus = d.plus != 0 && (drop & plus_dropped) == 0 && at(up) > t;
        const bool minus = d.minus != 0 && (drop & minus_dropped) == 0 && at(down) > t;
        if (!plus && !minus) continue;
        // Sends at t, so it adopts nothing at t (its value is not above t).
        send_step[static_cast<std::size_t>(x)] = t;
        ++(plus && minus ? counts.two_way : plus ? counts.forced_plus : counts.forced_minus);
        ++(plus ? counts.adopted_plus : counts.adopted_minus);
        if (children) children->emplace_back(x, plus && minus ? 0 : plus ? 1 : -1);
    }
    return counts;
}

/// Grows steps `from` down to 0 on `send_step` and returns what they cost;
/// no_plan_cost when a displacement stays not_placed or the cost reaches `bound`.
std::int64_t grow_rest(const DropPlan& plan, int from, SendSteps& send_step, std::int64_t spent,
                       std::int64_t bound) {
    for (int t = from; t >= 0; --t) {
        spent += least_step_link_blocks(plan.distances[static_cast<std::size_t>(t)],
                                        grow_step(plan, t, send_step));
        if (spent >= bound) return no_plan_cost;
    }
    if (std::find(send_step.begin(), send_step.end(), not_placed) != send_step.end())
        return no_plan_cost;
    return spent;
}

std::int64_t cost_of(const DropPlan& plan, std::int64_t bound, std::int64_t& evaluated) {
    ++evaluated;
    SendSteps send_step = owner_only(plan);
    return grow_rest(plan, plan.steps() - 1, send_step, 0, bound);
}

/// The drop form of a plan: a partial step drops every adoption it does not make.
std::optional<DropPlan> drop_plan_of(const TrivanceBPlan& plan) {
    const std::optional<std::vector<TreeStep>> steps = plan_tree_steps(plan);
    if (!steps) return std::nullopt;
    DropPlan drops{plan.n, plan.steps,
                   std::vector<std::vector<char>>(
                       plan.steps.size(), std::vector<char>(static_cast<std::size_t>(plan.n), 0))};
    SendSteps send_step = owner_only(drops);
    for (int t = drops.steps() - 1; t >= 0; --t) {
        const auto index = static_cast<std::size_t>(t);
        if (const StepSenders* senders = plan.partial(index)) {
            std::vector<char>& dropped = drops.dropped[index];
            std::fill(dropped.begin(), dropped.end(), plus_dropped | minus_dropped);
            const StepDistances d = plan.steps[index];
            for (int parent : senders->plus)
                dropped[static_cast<std::size_t>(wrap(parent - d.plus, plan.n))] &= ~plus_dropped;
            for (int parent : senders->minus)
                dropped[static_cast<std::size_t>(wrap(parent + d.minus, plan.n))] &= ~minus_dropped;
        }
        grow_step(drops, t, send_step);
    }
    return drops;
}

/// The plan text's form: a step that drops a child it reaches names its
/// adopters each way (two-way children split as the balanced rule splits
/// them, the lowest displacements +), the others stay full.
TrivanceBPlan plan_of(const DropPlan& drops) {
    TrivanceBPlan plan{drops.n, drops.distances, {}};
    std::vector<std::optional<StepSenders>> senders(drops.distances.size());
    bool partial = false;
    SendSteps send_step = owner_only(drops);
    for (int t = drops.steps() - 1; t >= 0; --t) {
        const auto index = static_cast<std::size_t>(t);
        const StepDistances d = drops.distances[index];
        SendSteps full = send_step;
        DropPlan undropped = drops;
        std::fill(undropped.dropped[index].begin(), undropped.dropped[index].end(), 0);
        std::vector<std::pair<int, int>> reachable;
        grow_step(undropped, t, full, &reachable);
        std::vector<std::pair<int, int>> children;
        const StepPlacement counts = grow_step(drops, t, send_step, &children);
        // Full when the drops change no child's options.
        if (children == reachable) continue;
        partial = true;
        int plus_share = least_load_plus_share(d, counts);
        StepSenders& step = senders[index].emplace();
        for (const auto& [x, options] : children) {
            const bool plus = options == 1 || (options == 0 && plus_share-- > 0);
            if (plus)
                step.plus.push_back(wrap(x + d.plus, drops.n));
            else
                step.minus.push_back(wrap(x - d.minus, drops.n));
        }
        std::sort(step.plus.begin(), step.plus.end());
        std::sort(step.minus.begin(), step.minus.end());
    }
    if (partial) plan.senders = std::move(senders);
    return plan;
}

class Descent {
  public:
    Descent(DropPlan plan, std::int64_t& evaluated)
        : plan_(std::move(plan)), evaluated_(&evaluated) {
        cost_ = cost_of(plan_, no_plan_cost, *evaluated_);
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
    /// Tries new + , - and common distances for step t, each as it is and
    /// with greedy drops at t; keeps any strict improvement.
    bool move_distance(int t) {
        const auto index = static_cast<std::size_t>(t);
        bool improved = false;
        for (int side = 0; side < 3; ++side) {
            const StepDistances now = plan_.distances[index];
            const int from = side == 1 ? now.minus : now.plus;
            for (int d : descent_distances(plan_.n, from)) {
                DropPlan next = plan_;
                StepDistances& changed = next.distances[index];
                if (side != 1) changed.plus = d;
                if (side != 0) changed.minus = d;
                if (changed == now) continue;
                std::int64_t next_cost = cost_of(next, no_plan_cost, *evaluated_);
                if (next_cost == no_plan_cost) continue;
                // Settled first on small rings only: a distance that pays only with
                // drops is then found; above, each settling costs a sweep of the ring.
                if (plan_.n <= settle_distance_moves_up_to) settle(next, next_cost);
                if (next_cost < cost_) {
                    plan_ = std::move(next);
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
        const auto [before, spent] = prefix(plan, t);
        const std::vector<char> was = plan.dropped[index];
        for (int level = t + 1; level <= plan.steps(); ++level)
            for (char ways :
                 {plus_dropped, minus_dropped, static_cast<char>(plus_dropped | minus_dropped)}) {
                std::vector<char>& dropped = plan.dropped[index];
                bool changed = false;
                for (int p = 0; p < plan.n; ++p) {
                    if (before[static_cast<std::size_t>(p)] != level) continue;
                    if ((ways & plus_dropped) != 0 && d.plus != 0) {
                        char& bit = dropped[static_cast<std::size_t>(wrap(p - d.plus, plan.n))];
                        changed = changed || (bit & plus_dropped) == 0;
                        bit |= plus_dropped;
                    }
                    if ((ways & minus_dropped) != 0 && d.minus != 0) {
                        char& bit = dropped[static_cast<std::size_t>(wrap(p + d.minus, plan.n))];
                        changed = changed || (bit & minus_dropped) == 0;
                        bit |= minus_dropped;
                    }
                }
                if (changed) {
                    ++*evaluated_;
                    SendSteps send_step = before;
                    if (const std::int64_t next = grow_rest(plan, t, send_step, spent, cost);
                        next < cost) {
                        cost = next;
                        return true;
                    }
                }
                dropped = was;
            }
        return false;
    }

    bool move_drops(int t) {
        bool improved = false;
        while (try_level_drops(plan_, t, cost_) || try_drops(plan_, t, cost_) || try_undrops(t))
            improved = true;
        return improved;
    }

    /// The send steps after the steps coarser than t, and what they cost.
    std::pair<SendSteps, std::int64_t> prefix(const DropPlan& plan, int t) const {
        SendSteps send_step = owner_only(plan);
        std::int64_t spent = 0;
        for (int s = plan.steps() - 1; s > t; --s)
            spent += least_step_link_blocks(plan.distances[static_cast<std::size_t>(s)],
                                            grow_step(plan, s, send_step));
        return {send_step, spent};
    }

    /// Drops, in one sweep, each child of step t's busier side (two-way ones
    /// count on both) whose drop lowers `cost`; false when none does.
    bool try_drops(DropPlan& plan, int t, std::int64_t& cost) {
        const auto index = static_cast<std::size_t>(t);
        const StepDistances d = plan.distances[index];
        const auto [before, spent] = prefix(plan, t);
        SendSteps step_only = before;
        std::vector<std::pair<int, int>> children;
        const StepPlacement counts = grow_step(plan, t, step_only, &children);
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
        for (const auto& [x, options] : children) {
            const bool busy = options == 0 || (options > 0 ? plus_load : minus_load) == most;
            if (!busy) continue;
            char& dropped = plan.dropped[index][static_cast<std::size_t>(x)];
            const char was = dropped;
            dropped = plus_dropped | minus_dropped;
            ++*evaluated_;
            SendSteps send_step = before;
            const std::int64_t next = grow_rest(plan, t, send_step, spent, tie ? cost + 1 : cost);
            if (next < cost || (tie && next == cost)) {
                cost = next;
                dropped_any = true;
                tie = false;
                continue;
            }
            dropped = was;
        }
        return dropped_any;
    }

    /// Takes back, in one sweep, each drop at step t whose return lowers the cost.
    bool try_undrops(int t) {
        const auto index = static_cast<std::size_t>(t);
        const auto [before, spent] = prefix(plan_, t);
        std::vector<char>& dropped = plan_.dropped[index];
        bool undropped_any = false;
        for (int x = 0; x < plan_.n; ++x) {
            const char was = dropped[static_cast<std::size_t>(x)];
            if (was == 0) continue;
            dropped[static_cast<std::size_t>(x)] = 0;
            ++*evaluated_;
            SendSteps send_step = before;
            const std::int64_t next = grow_rest(plan_, t, send_step, spent, cost_);
            if (next < cost_) {
                cost_ = next;
                undropped_any = true;
                continue;
            }
            dropped[static_cast<std::size_t>(x)] = was;
        }
        return undropped_any;
    }

    DropPlan plan_;
    std::int64_t* evaluated_;
    std::int64_t cost_ = no_plan_cost;
};

}  // namespace

int descent_kicks(int n) { return n <= 128 ? 1000 : 0; }

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
