#include "models/trivance/trivance_b_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

#include "models/ring_arithmetic.hpp"
#include "models/trivance/trivance_b_level_drops.hpp"
#include "models/trivance/trivance_b_partial_descent.hpp"
#include "models/trivance/trivance_b_partial_search.hpp"
#include "models/trivance/trivance_b_plans.hpp"
#include "models/trivance/trivance_b_rule.hpp"

namespace trivcheck {

namespace {

constexpr std::int64_t unreachable = std::numeric_limits<std::int64_t>::max();

std::int64_t cost_of(const TrivanceBPlan& plan, std::int64_t& evaluated) {
    ++evaluated;
    return phase_link_blocks(plan).value_or(unreachable);
}

/// Distances of a ladder b^0, b^1, ... of ceil(log3 n) steps, each in [1, n/2].
TrivanceBPlan geometric_plan(int n, double base) {
    TrivanceBPlan plan{n, {}};
    const int steps = ceil_log(n, 3);
    for (int t = 0; t < steps; ++t) {
        const int d = std::clamp(static_cast<int>(std::lround(std::pow(base, t))), 1, n / 2);
        plan.steps.push_back({d, d});
    }
    return plan;
}

/// The cheapest lattice plan of every refining count and every spacing that
/// reaches n, from the least to 3^c (the rule costs three spacings a count):
/// a seed the descent's moves of one distance at a time would not reach.
TrivanceBPlan cheapest_lattice_plan(int n, std::int64_t& evaluated) {
    TrivanceBPlan best = lattice_plan(n, 0, least_lattice_spacing(n, 0));
    std::int64_t best_cost = cost_of(best, evaluated);
    const int steps = ceil_log(n, 3);
    for (int c = 1; c < steps; ++c)
        for (std::int64_t spacing = least_lattice_spacing(n, c); spacing <= power(3, c);
             ++spacing) {
            TrivanceBPlan plan = lattice_plan(n, c, static_cast<int>(spacing));
            if (const std::int64_t cost = cost_of(plan, evaluated); cost < best_cost) {
                best = std::move(plan);
                best_cost = cost;
            }
        }
    return best;
}

/// Lattices of clusters that a ladder with one short step grows: c steps
/// that triple the arc but at j, where it becomes x (3^j < x <= 3^(j+1)),
/// making clusters of A = x * 3^(c-1-j) ranks; then the spacings g, 3g, ...
/// for g from the least that reaches n (A + (3^(K-c) - 1) g >= n) to two
/// more, at most A. The cheapest, with x on a grid of at most `grid` values
/// per (c, j): a seed, not a search (every x would cost about eight times more).
TrivanceBPlan cheapest_clustered_lattice_plan(int n, std::int64_t& evaluated) {
    constexpr std::int64_t grid = 24;
    const int steps = ceil_log(n, 3);
    std::optional<TrivanceBPlan> best;
    std::int64_t best_cost = unreachable;
    for (int c = 1; c < steps; ++c)
        for (int j = 0; j < c; ++j) {
            const std::int64_t lowest = power(3, j) + 1;
            const std::int64_t values = power(3, j + 1) - lowest + 1;
            const std::int64_t tried = std::min(values, grid);
            for (std::int64_t k = 0; k < tried; ++k) {
                const std::int64_t x = lowest + (tried == 1 ? 0 : (values - 1) * k / (tried - 1));
                const std::int64_t cluster = x * power(3, c - 1 - j);
                const std::int64_t least = least_cluster_spacing(n, c, cluster);
                for (std::int64_t g = least; g <= std::min(least + 2, cluster); ++g) {
                    TrivanceBPlan plan = plan_from_arcs(n, clustered_lattice_arcs(n, c, j, x, g));
                    if (const std::int64_t cost = cost_of(plan, evaluated); cost < best_cost) {
                        best = std::move(plan);
                        best_cost = cost;
                    }
                }
            }
        }
    return best.value_or(short_first_plan(n));
}

/// Coordinate descent from one seed: each pass tries, for every step, new
/// plus, minus and common distances, keeping any strict improvement.
void descend(TrivanceBPlan plan, PlanSearchResult& best) {
    std::int64_t cost = cost_of(plan, best.evaluated);
    bool improved = true;
    while (improved) {
        improved = false;
        for (std::size_t t = 0; t < plan.steps.size(); ++t)
            for (int side = 0; side < 3; ++side) {
                const StepDistances now = plan.steps[t];
                const int from = side == 1 ? now.minus : now.plus;
                for (int d : descent_distances(plan.n, from)) {
                    TrivanceBPlan next = plan;
                    if (side != 1) next.steps[t].plus = d;
                    if (side != 0) next.steps[t].minus = d;
                    if (next.steps[t] == now) continue;
                    const std::int64_t next_cost = cost_of(next, best.evaluated);
                    if (next_cost < cost) {
                        plan = std::move(next);
                        cost = next_cost;
                        improved = true;
                    }
                }
            }
    }
    if (cost < best.phase_link_blocks) {
        best.plan = plan;
        best.phase_link_blocks = cost;
    }
}

/// Depth-first over the steps from the coarsest, each step's distances in
/// [0, n/2] both ways, pruned by cost and by reach.
class BranchAndBound {
  public:
    BranchAndBound(const PlanSearchResult& incumbent, std::int64_t node_limit)
        : n_(incumbent.plan.n),
          best_(incumbent),
          node_limit_(node_limit),
          chosen_(static_cast<std::size_t>(ceil_log(n_, 3))) {}

    /// False when the node limit was reached before the search ended.
    bool run() {
        const int steps = static_cast<int>(chosen_.size());
        if (steps == 0) return true;
        TreeGrowth growth(n_);
        return branch(steps - 1, growth, 0);
    }
    const PlanSearchResult& best() const { return best_; }

  private:
    /// Tries every distance pair for step t on `growth`, which it leaves as it found it.
    bool branch(int t, TreeGrowth& growth, std::int64_t cost) {
        const int most = n_ / 2;
        const bool coarsest = t + 1 == static_cast<int>(chosen_.size());
        const int placed_before = growth.placed_count();
        for (int plus = 0; plus <= most; ++plus)
            // A plan and its mirror image (plus and minus swapped in every
            // step) cost the same: the coarsest step keeps plus >= minus.
            for (int minus = 0; minus <= (coarsest ? plus : most); ++minus) {
                if (++best_.evaluated > node_limit_) return false;
                const StepPlacement placement = growth.place(t, {plus, minus});
                const bool completed = try_step(t, {plus, minus}, placement, growth, cost);
                growth.undo_to(placed_before);
                if (!completed) return false;
            }
        return true;
    }

    /// Prunes or follows step t's distances once placed; false when the node
    /// limit was reached below.
    bool try_step(int t, StepDistances distances, const StepPlacement& placement,
                  TreeGrowth& growth, std::int64_t cost) {
        // A side whose distance placed nothing is the same plan as
        // distance 0 there: only the 0 is searched.
        if ((distances.plus != 0 && placement.adopted_plus == 0) ||
            (distances.minus != 0 && placement.adopted_minus == 0))
            return true;
        const std::int64_t step_cost = least_step_link_blocks(distances, placement);
        const std::int64_t unplaced = n_ - growth.placed_count();
        // Each later step at most triples what is placed; each
        // placement there costs at least one hop, on one of two sides.
        if (std::int64_t{growth.placed_count()} * power(3, t) < n_) return true;
        if (cost + step_cost + (unplaced + 1) / 2 >= best_.phase_link_blocks) return true;
        chosen_[static_cast<std::size_t>(t)] = distances;
        if (t == 0) {
            best_.plan = TrivanceBPlan{n_, chosen_};
            best_.phase_link_blocks = cost + step_cost;
            return true;
        }
        return branch(t - 1, growth, cost + step_cost);
    }

    int n_;
    PlanSearchResult best_;
    std::int64_t node_limit_;
    std::vector<StepDistances> chosen_;
};

}  // namespace

std::vector<int> descent_distances(int n, int now) {
    const int most = n / 2;
    std::set<int> values;
    if (n <= 200) {
        for (int d = 0; d <= most; ++d) values.insert(d);
    } else {
        for (int d = now - 6; d <= now + 6; ++d) values.insert(d);
        for (std::int64_t p = 1; p <= most; p *= 3) values.insert(static_cast<int>(p));
        const int extra = n - static_cast<int>(power(3, floor_log(n, 3)));
        values.insert({0, extra / 2, (extra + 1) / 2});
        for (double ratio : {1.0 / 3, 0.5, 2.0 / 3, 0.9, 1.1, 1.5, 2.0, 3.0})
            values.insert(static_cast<int>(std::lround(now * ratio)));
    }
    std::vector<int> kept;
    for (int d : values)
        if (d >= 0 && d <= most) kept.push_back(d);
    return kept;
}

PlanSearchResult local_plan_search(int n) {
    if (n < 2) throw std::invalid_argument("trivance B plans need n >= 2");
    PlanSearchResult best;
    best.plan = short_last_plan(n);
    best.phase_link_blocks = cost_of(best.plan, best.evaluated);
    const int steps = ceil_log(n, 3);
    std::vector<TrivanceBPlan> seeds{
        cheapest_candidate(arc_ladder_candidates(n)).plan,
        cheapest_lattice_plan(n, best.evaluated),
        cheapest_clustered_lattice_plan(n, best.evaluated),
        short_first_plan(n),
        geometric_plan(n, std::pow(static_cast<double>(n), 1.0 / steps)),
        geometric_plan(n, 3.0),
        short_last_plan(n)};
    // The rule's plan last, so the search is never worse than the rule; a
    // seed already descended from would only repeat that descent.
    if (TrivanceBPlan rule = plan_by_rule(n).plan;
        std::find(seeds.begin(), seeds.end(), rule) == seeds.end())
        seeds.push_back(std::move(rule));
    for (const TrivanceBPlan& seed : seeds) descend(seed, best);
    return best;
}

std::optional<PlanSearchResult> exhaustive_plan_search(const PlanSearchResult& incumbent,
                                                       std::int64_t node_limit) {
    // The coarsest step alone costs every pair plus >= minus in [0, n/2]
    // before any pruning: when those exceed the limit the search cannot end.
    const std::int64_t most = incumbent.plan.n / 2;
    if (ceil_log(incumbent.plan.n, 3) > 0 && (most + 1) * (most + 2) / 2 > node_limit)
        return std::nullopt;
    BranchAndBound search(incumbent, node_limit);
    if (!search.run()) return std::nullopt;
    PlanSearchResult result = search.best();
    result.proven_least = true;
    return result;
}

PlanSearchResult search_best_plan(int n, std::int64_t node_limit) {
    constexpr std::int64_t no_limit = std::numeric_limits<std::int64_t>::max();
    PlanSearchResult best = local_plan_search(n);
    // Partial steps: the descent that drops adoptions and re-covers them
    // later, from the local search's plan (not from the stored one: what it
    // finds does not depend on the table, so a table it wrote is found again).
    if (n <= partial_descent_most_ranks) {
        PlanSearchResult partial = partial_step_descent(n, {best.plan}, descent_kicks(n));
        const std::int64_t evaluated = best.evaluated + partial.evaluated;
        if (partial.phase_link_blocks < best.phase_link_blocks) best = std::move(partial);
        best.evaluated = evaluated;
    }
    // The rule's plan with the level drops it learns (partial steps the
    // local searches above do not make past partial_descent_most_ranks).
    if (const TrivanceBPlan rule = rule_plan_with_level_drops(n).plan; !rule.senders.empty())
        if (const std::int64_t cost = cost_of(rule, best.evaluated);
            cost < best.phase_link_blocks) {
            best.plan = rule;
            best.phase_link_blocks = cost;
        }
    // A stored plan a longer search found (partial steps, proven with no
    // node limit) is kept, also on a tie: re-running with the default limit loses nothing.
    if (const std::optional<TrivanceBPlan> stored = stored_trivance_b_plan(n))
        if (const std::int64_t cost = cost_of(*stored, best.evaluated);
            cost <= best.phase_link_blocks) {
            best.plan = *stored;
            best.phase_link_blocks = cost;
        }
    // A larger limit goes to the partial-step search, the one that proves:
    // its space holds every full-step plan, and a full-step plan cheaper than
    // the incumbent is found there too (the full-step search below only
    // improves that search's incumbent).
    const bool partial_steps_proven = n <= partial_steps_proven_outright_up_to;
    const std::int64_t full_step_limit = std::min(node_limit, default_proof_limit);
    if (std::optional<PlanSearchResult> full = exhaustive_plan_search(best, full_step_limit))
        best = *full;
    // Least among full-step plans is not least: only the whole space proves it.
    best.proven_least = false;
    if (std::optional<PlanSearchResult> whole =
            partial_step_plan_search(best, partial_steps_proven ? no_limit : node_limit))
        best = *whole;
    return best;
}

}  // namespace trivcheck
