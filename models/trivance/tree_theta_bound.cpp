#include "models/trivance/tree_theta_bound.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

namespace {

constexpr std::int64_t no_chain = std::numeric_limits<std::int64_t>::max() / 4;

std::int64_t saturating_add(std::int64_t a, std::int64_t b) {
    return a >= no_chain || b >= no_chain ? no_chain : a + b;
}

/// The least of a[i] + b[k - i] over i = 0..k, and the first i attaining it.
std::pair<std::int64_t, int> least_split(const std::vector<std::int64_t>& a,
                                         const std::vector<std::int64_t>& b, int k) {
    std::int64_t best = no_chain;
    int at = -1;
    for (int i = 0; i <= k; ++i) {
        const std::int64_t value =
            saturating_add(a[static_cast<std::size_t>(i)], b[static_cast<std::size_t>(k - i)]);
        if (value < best) {
            best = value;
            at = i;
        }
    }
    return {best, at};
}

/// One step t of the program. A gap is the g ranks between two holders of
/// H_{t-1} (the ring itself at t = 1: n - 1 ranks between the root and
/// itself); the ranks that join at t pay their distance to the nearer end.
/// `chain[x]`: the ranks joining at t measured from one end, the last at
/// distance x, each with the gap before it left to later steps (chain[0] = 0:
/// none). `split[z]`: a chain from the left end, then a gap to later steps,
/// z ranks in all. `gaps[g]`: chains from both ends and a gap between.
struct ChainStep {
    std::vector<std::int64_t> chain, split, gaps;
    std::vector<int> chain_from, split_at, gaps_at;
};

ChainStep solve_step(const std::vector<std::int64_t>& later, std::int64_t joining_cost,
                     int largest_gap, PortRule ports) {
    // With a port each way round, only the first rank of a chain can come
    // from the gap's end itself; any other comes from a holder at least one
    // rank further (another holder, or the far end around the ring).
    const std::int64_t further = ports == PortRule::one_each_way ? multiplier_scale : 0;
    const auto size = static_cast<std::size_t>(largest_gap) + 1;
    ChainStep step{std::vector<std::int64_t>(size, no_chain),
                   std::vector<std::int64_t>(size),
                   std::vector<std::int64_t>(size),
                   std::vector<int>(size, 0),
                   std::vector<int>(size),
                   std::vector<int>(size)};
    step.chain[0] = 0;
    for (int x = 1; x <= largest_gap; ++x) {
        // The previous chain rank at y, the x - y - 1 ranks between it and x later.
        std::int64_t best = no_chain;
        for (int y = 0; y < x; ++y) {
            const std::int64_t value =
                saturating_add(saturating_add(step.chain[static_cast<std::size_t>(y)],
                                              later[static_cast<std::size_t>(x - y - 1)]),
                               y == 0 ? 0 : further);
            if (value < best) {
                best = value;
                step.chain_from[static_cast<std::size_t>(x)] = y;
            }
        }
        step.chain[static_cast<std::size_t>(x)] =
            saturating_add(best, x * multiplier_scale + joining_cost);
    }
    for (int z = 0; z <= largest_gap; ++z)
        std::tie(step.split[static_cast<std::size_t>(z)],
                 step.split_at[static_cast<std::size_t>(z)]) = least_split(step.chain, later, z);
    for (int g = 0; g <= largest_gap; ++g)
        std::tie(step.gaps[static_cast<std::size_t>(g)],
                 step.gaps_at[static_cast<std::size_t>(g)]) =
            least_split(step.chain, step.split, g);
    return step;
}

/// Counts, per step, the ranks joining in the least chain of a gap of g ranks
/// at step t (steps[t - 1] solved step t).
void count_joining(const std::vector<ChainStep>& steps, int t, int g,
                   std::vector<std::int64_t>& joined) {
    if (g == 0) return;
    const ChainStep& step = steps[static_cast<std::size_t>(t - 1)];
    const int right = step.gaps_at[static_cast<std::size_t>(g)];
    const int z = g - right;
    const int left = step.split_at[static_cast<std::size_t>(z)];
    count_joining(steps, t + 1, z - left, joined);
    for (int x : {left, right})
        while (x > 0) {
            ++joined[static_cast<std::size_t>(t)];
            const int y = step.chain_from[static_cast<std::size_t>(x)];
            count_joining(steps, t + 1, x - y - 1, joined);
            x = y;
        }
}

}  // namespace

int first_ring_of_steps(int steps) {
    return steps <= 1 ? 2 : static_cast<int>(power(3, steps - 1)) + 1;
}

std::vector<HolderChainValue> holder_chain_values(int steps, int largest,
                                                  std::span<const std::int64_t> scaled_multipliers,
                                                  PortRule ports) {
    const int first = first_ring_of_steps(steps);
    if (steps < 1 || largest < first || largest > power(3, steps) ||
        scaled_multipliers.size() != static_cast<std::size_t>(steps))
        throw std::invalid_argument("holder_chain_values: sizes outside the steps' range");
    // A rank joining at step r counts in |H_t| for t >= r and in |H_{t-1}|
    // for t > r: its share of the penalty sum_t mu_t (|H_t| - 3 |H_{t-1}|).
    const auto mu = [&](int t) { return scaled_multipliers[static_cast<std::size_t>(t - 1)]; };
    std::vector<std::int64_t> joining_cost(static_cast<std::size_t>(steps) + 2, 0);
    std::int64_t root_share = 0;
    for (int r = 1; r <= steps; ++r) {
        for (int t = r; t <= steps; ++t) joining_cost[static_cast<std::size_t>(r)] += mu(t);
        for (int t = r + 1; t <= steps; ++t) joining_cost[static_cast<std::size_t>(r)] -= 3 * mu(t);
        root_share -= 2 * mu(r);
    }
    const int largest_gap = largest - 1;
    // After the last step nothing may be left: only empty gaps.
    std::vector<std::int64_t> later(static_cast<std::size_t>(largest_gap) + 1, no_chain);
    later[0] = 0;
    std::vector<ChainStep> solved(static_cast<std::size_t>(steps));
    for (int t = steps; t >= 1; --t) {
        solved[static_cast<std::size_t>(t - 1)] =
            solve_step(later, joining_cost[static_cast<std::size_t>(t)], largest_gap, ports);
        later = solved[static_cast<std::size_t>(t - 1)].gaps;
    }
    std::vector<HolderChainValue> values(static_cast<std::size_t>(largest - first) + 1);
    for (int n = first; n <= largest; ++n)
        values[static_cast<std::size_t>(n - first)].scaled_value =
            saturating_add(later[static_cast<std::size_t>(n - 1)], root_share);
    std::vector<std::int64_t> joined(static_cast<std::size_t>(steps) + 1, 0);
    count_joining(solved, 1, largest_gap, joined);
    std::vector<std::int64_t>& holders = values.back().holders;
    holders.push_back(1);
    for (int t = 1; t <= steps; ++t)
        holders.push_back(holders.back() + joined[static_cast<std::size_t>(t)]);
    return values;
}

std::int64_t scaled_chain_distance(const HolderChainValue& value,
                                   std::span<const std::int64_t> scaled_multipliers) {
    const std::vector<std::int64_t> slopes = penalty_slopes(value.holders);
    std::int64_t distance = value.scaled_value;
    for (std::size_t t = 0; t < slopes.size(); ++t) distance -= scaled_multipliers[t] * slopes[t];
    return distance;
}

double theta_from_chain_value(int n, std::int64_t scaled_value) {
    return static_cast<double>(scaled_value) /
           (static_cast<double>(multiplier_scale) * static_cast<double>(n));
}

std::vector<std::int64_t> penalty_slopes(const std::vector<std::int64_t>& holders) {
    std::vector<std::int64_t> slopes;
    for (std::size_t t = 1; t < holders.size(); ++t)
        slopes.push_back(holders[t] - 3 * holders[t - 1]);
    return slopes;
}

}  // namespace trivcheck
