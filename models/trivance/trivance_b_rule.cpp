#include "models/trivance/trivance_b_rule.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <utility>

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

namespace {

std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

/// The arcs of a ladder that triples at every step but at `short_steps`,
/// where `short_arc` gives the arc (it sees the arc before).
template <typename ShortArc>
std::vector<int> tripling_ladder(int n, const std::vector<int>& short_steps, ShortArc short_arc) {
    const int steps = ceil_log(n, 3);
    std::vector<int> arcs;
    std::int64_t arc = 1;
    for (int t = 0; t < steps; ++t) {
        const bool is_short =
            std::find(short_steps.begin(), short_steps.end(), t) != short_steps.end();
        const std::int64_t next = is_short ? short_arc(t, arc) : 3 * arc;
        // A ladder step grows the arc by two distances of at most the arc.
        if (next < arc || next > 3 * arc) return {};
        arcs.push_back(static_cast<int>(next));
        arc = next;
    }
    return arcs;
}

}  // namespace

std::vector<int> one_short_step_arcs(int n, int j) {
    const int steps = ceil_log(n, 3);
    const std::int64_t arc_needed = ceil_div(n, power(3, steps - 1 - j));
    return tripling_ladder(n, {j}, [&](int, std::int64_t) { return arc_needed; });
}

std::vector<int> two_short_step_arcs(int n, int j1, int j2) {
    const int steps = ceil_log(n, 3);
    const std::int64_t arc_needed = ceil_div(n, power(3, steps - 1 - j2));
    // The least a with a^2 * 3^(j2-j1-1) >= arc_needed * 3^j1: after j1 and
    // after j2 the arc grows by about the same factor.
    const std::int64_t between = power(3, j2 - j1 - 1);
    const std::int64_t target = arc_needed * power(3, j1);
    std::int64_t first_arc = power(3, j1);
    while (first_arc * first_arc * between < target) ++first_arc;
    return tripling_ladder(n, {j1, j2}, [&](int t, std::int64_t arc) {
        return t == j1 ? first_arc : std::max(arc_needed, arc);
    });
}

TrivanceBPlan plan_from_arcs(int n, const std::vector<int>& arcs) {
    TrivanceBPlan plan{n, {}};
    int before = 1;
    for (int arc : arcs) {
        const int growth = arc - before;
        plan.steps.push_back({std::min((growth + 1) / 2, n / 2), std::min(growth / 2, n / 2)});
        before = arc;
    }
    return plan;
}

TrivanceBPlan split_digit_plan(int n, int j) {
    const int steps = ceil_log(n, 3);
    const auto capped = [&](std::int64_t d) {
        return static_cast<int>(std::min<std::int64_t>(d, n / 2));
    };
    TrivanceBPlan plan{n, {}};
    for (int t = 0; t < steps; ++t) {
        if (t < j) {
            const int d = capped(power(3, t));
            plan.steps.push_back({d, d});
        } else if (t == j) {
            plan.steps.push_back({capped(power(3, j - 1)), capped(power(3, j))});
        } else {
            const int d = capped(power(3, t - 1));
            plan.steps.push_back({d, d});
        }
    }
    return plan;
}

TrivanceBPlan lattice_plan(int n, int refining, int spacing) {
    const int steps = ceil_log(n, 3);
    TrivanceBPlan plan{n, {}};
    for (int t = 0; t < steps; ++t) {
        const std::int64_t d = t < refining ? power(3, t) : spacing * power(3, t - refining);
        const int capped = static_cast<int>(std::min<std::int64_t>(d, n / 2));
        plan.steps.push_back({capped, capped});
    }
    return plan;
}

std::int64_t least_cluster_spacing(int n, int c, std::int64_t cluster) {
    const std::int64_t lattice_growth = power(3, ceil_log(n, 3) - c) - 1;
    return std::max<std::int64_t>(1, ceil_div(n - cluster, lattice_growth));
}

int least_lattice_spacing(int n, int refining) {
    return static_cast<int>(least_cluster_spacing(n, refining, power(3, refining)));
}

std::vector<int> clustered_lattice_arcs(int n, int c, int j, std::int64_t x, std::int64_t spacing) {
    std::vector<int> arcs;
    std::int64_t arc = 1;
    for (int t = 0; t < c; ++t) {
        arc = t == j ? x : 3 * arc;
        arcs.push_back(static_cast<int>(arc));
    }
    for (int q = 1; q <= ceil_log(n, 3) - c; ++q)
        arcs.push_back(static_cast<int>(arc + (power(3, q) - 1) * spacing));
    return arcs;
}

std::vector<int> cluster_lattice_arcs(int n, int c, int j, int p, int k) {
    const std::int64_t lattice_growth = power(3, ceil_log(n, 3) - c) - 1;
    const std::int64_t unit = power(3, c - 1 - j);
    const std::int64_t wanted = ceil_div(3 * std::int64_t{n}, 3 + p * lattice_growth);
    const std::int64_t x = std::clamp(ceil_div(wanted, unit), power(3, j) + 1, power(3, j + 1));
    const std::int64_t cluster = x * unit;
    const std::int64_t spacing = least_cluster_spacing(n, c, cluster) + k;
    if (spacing > cluster) return {};
    return clustered_lattice_arcs(n, c, j, x, spacing);
}

std::vector<RulePlan> arc_ladder_candidates(int n) {
    if (n < 2) throw std::invalid_argument("trivance B plans need n >= 2");
    const int steps = ceil_log(n, 3);
    std::vector<RulePlan> candidates{{"short_first", short_first_plan(n)},
                                     {"short_last", short_last_plan(n)}};
    for (int j = 0; j < steps; ++j)
        candidates.push_back(
            {"short_step@" + std::to_string(j), plan_from_arcs(n, one_short_step_arcs(n, j))});
    for (int j1 = 0; j1 < steps; ++j1)
        for (int j2 = j1 + 1; j2 < steps; ++j2)
            if (const std::vector<int> arcs = two_short_step_arcs(n, j1, j2); !arcs.empty())
                candidates.push_back(
                    {"two_short_steps@" + std::to_string(j1) + "," + std::to_string(j2),
                     plan_from_arcs(n, arcs)});
    for (int j = 1; j + 1 < steps; ++j)
        if (power(3, j) <= n / 2)
            candidates.push_back({"split_digit@" + std::to_string(j), split_digit_plan(n, j)});
    return candidates;
}

std::vector<RulePlan> lattice_candidates(int n) {
    if (n < 2) throw std::invalid_argument("trivance B plans need n >= 2");
    std::vector<RulePlan> candidates;
    for (int c = 0; c < ceil_log(n, 3); ++c) {
        const int least = least_lattice_spacing(n, c);
        for (int more = 0; more <= 2 && least + more <= power(3, c); ++more)
            candidates.push_back({"lattice@" + std::to_string(c) + "+" + std::to_string(more),
                                  lattice_plan(n, c, least + more)});
    }
    return candidates;
}

std::vector<RulePlan> cluster_lattice_candidates(int n) {
    if (n < 2) throw std::invalid_argument("trivance B plans need n >= 2");
    std::vector<RulePlan> candidates;
    const int steps = ceil_log(n, 3);
    for (int c = 1; c < steps; ++c)
        for (int j = 0; j < c; ++j)
            for (int p = 1; p <= 2; ++p)
                for (int k = 0; k <= 1; ++k)
                    if (const std::vector<int> arcs = cluster_lattice_arcs(n, c, j, p, k);
                        !arcs.empty())
                        candidates.push_back({"clusters@" + std::to_string(c) + "," +
                                                  std::to_string(j) + "," + std::to_string(p) +
                                                  "+" + std::to_string(k),
                                              plan_from_arcs(n, arcs)});
    return candidates;
}

std::vector<RulePlan> rule_candidates(int n) {
    std::vector<RulePlan> candidates = arc_ladder_candidates(n);
    for (std::vector<RulePlan> more : {lattice_candidates(n), cluster_lattice_candidates(n)})
        for (RulePlan& candidate : more) candidates.push_back(std::move(candidate));
    return candidates;
}

RulePlan cheapest_candidate(std::vector<RulePlan> candidates) {
    std::optional<RulePlan> best;
    std::int64_t best_blocks = std::numeric_limits<std::int64_t>::max();
    for (RulePlan& candidate : candidates) {
        // A candidate that leaves a rank unreached (a split digit on some n) is no plan.
        const std::optional<std::int64_t> blocks = phase_link_blocks(candidate.plan);
        if (blocks && *blocks < best_blocks) {
            best_blocks = *blocks;
            best = std::move(candidate);
        }
    }
    if (!best) throw std::invalid_argument("no candidate reaches every rank");
    return std::move(*best);
}

RulePlan plan_by_rule(int n) { return cheapest_candidate(rule_candidates(n)); }

}  // namespace trivcheck
