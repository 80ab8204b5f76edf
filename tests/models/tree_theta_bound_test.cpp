#include "models/trivance/tree_theta_bound.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <limits>
#include <vector>

#include "models/ring_arithmetic.hpp"
#include "models/trivance/trivance_b_plans.hpp"

using namespace trivcheck;

// The holder-chain relaxation behind the lower bound on Θ (docs/trivance-b.md,
// "A lower bound"): its program against plain enumeration, and the bound
// against every stored plan.

namespace {

/// What the ranks joining at one step pay in the gap of g ranks after the
/// holder at `start`: split into those served from the gap's left end and
/// those from its right, each paying its distance to that end, and under
/// one_each_way one more for every rank after the first of a side.
std::int64_t gap_distances(const std::vector<int>& offsets, int g, PortRule ports) {
    const std::int64_t further = ports == PortRule::one_each_way ? 1 : 0;
    const auto count = static_cast<std::int64_t>(offsets.size());
    std::int64_t least = std::numeric_limits<std::int64_t>::max();
    for (std::int64_t left = 0; left <= count; ++left) {
        std::int64_t sum = further * (std::max<std::int64_t>(left - 1, 0) +
                                      std::max<std::int64_t>(count - left - 1, 0));
        for (std::int64_t i = 0; i < count; ++i)
            sum += i < left ? offsets[static_cast<std::size_t>(i)]
                            : g + 1 - offsets[static_cast<std::size_t>(i)];
        least = std::min(least, sum);
    }
    return least;
}

/// The relaxation's least value by trying every step at which each rank but
/// the root could join, gap by gap, plus each chain's share of the penalty.
std::int64_t enumerated_chain_value(int n, const std::vector<std::int64_t>& multipliers,
                                    PortRule ports) {
    const int steps = ceil_log(n, 3);
    std::vector<int> joins(static_cast<std::size_t>(n), 0);
    std::int64_t least = std::numeric_limits<std::int64_t>::max();
    const std::int64_t codes = power(steps, n - 1);
    for (std::int64_t code = 0; code < codes; ++code) {
        std::int64_t rest = code;
        for (int rank = 1; rank < n; ++rank) {
            joins[static_cast<std::size_t>(rank)] = 1 + static_cast<int>(rest % steps);
            rest /= steps;
        }
        std::int64_t distances = 0;
        std::vector<std::int64_t> holders(static_cast<std::size_t>(steps) + 1, 0);
        for (int t = 0; t <= steps; ++t)
            for (int rank = 0; rank < n; ++rank)
                holders[static_cast<std::size_t>(t)] += joins[static_cast<std::size_t>(rank)] <= t;
        for (int t = 1; t <= steps; ++t)
            // Each gap after a holder of step t - 1, walking round from it.
            for (int start = 0; start < n; ++start) {
                if (joins[static_cast<std::size_t>(start)] >= t) continue;
                std::vector<int> offsets;
                int g = 0;
                for (int offset = 1; offset < n; ++offset) {
                    const int join = joins[static_cast<std::size_t>((start + offset) % n)];
                    if (join < t) break;
                    ++g;
                    if (join == t) offsets.push_back(offset);
                }
                distances += gap_distances(offsets, g, ports);
            }
        std::int64_t value = distances * multiplier_scale;
        const std::vector<std::int64_t> slopes = penalty_slopes(holders);
        for (std::size_t t = 0; t < slopes.size(); ++t) value += multipliers[t] * slopes[t];
        least = std::min(least, value);
    }
    return least;
}

}  // namespace

TEST_CASE("the relaxation's program equals enumerating every chain, n = 2..12") {
    for (PortRule ports : {PortRule::counts, PortRule::one_each_way})
        for (int n = 2; n <= 12; ++n) {
            const int steps = ceil_log(n, 3);
            std::vector<std::vector<std::int64_t>> choices = {std::vector<std::int64_t>(steps, 0)};
            std::vector<std::int64_t> mixed(static_cast<std::size_t>(steps), 0);
            mixed[0] = 3 * multiplier_scale;
            if (steps > 1) mixed[1] = multiplier_scale + 7;
            choices.push_back(mixed);
            choices.push_back(std::vector<std::int64_t>(steps, multiplier_scale / 2));
            for (const std::vector<std::int64_t>& multipliers : choices) {
                CAPTURE(n);
                CAPTURE(multipliers[0]);
                CAPTURE(ports == PortRule::counts);
                const std::vector<HolderChainValue> values =
                    holder_chain_values(steps, n, multipliers, ports);
                CHECK(values.back().scaled_value == enumerated_chain_value(n, multipliers, ports));
                // The chain it names attains the value: its penalty plus a distance sum.
                CHECK(scaled_chain_distance(values.back(), multipliers) % multiplier_scale == 0);
                CHECK(values.back().holders.back() == n);
            }
        }
}

TEST_CASE("at n = 3 and 9 the bound is Trivance's Θ; every stored plan to 4096 is above it") {
    CHECK(theta_from_chain_value(
              3, holder_chain_values(1, 3, std::vector<std::int64_t>{0}).back().scaled_value) ==
          doctest::Approx(2.0 / 3.0));
    CHECK(theta_from_chain_value(
              9, holder_chain_values(2, 9, std::vector<std::int64_t>{0, 0}).back().scaled_value) ==
          doctest::Approx(4.0 / 3.0));
    for (int steps = 1; steps <= ceil_log(stored_trivance_b_plans_up_to, 3); ++steps) {
        const int largest = static_cast<int>(
            std::min<std::int64_t>(power(3, steps), stored_trivance_b_plans_up_to));
        // Any multipliers of at least 0 give a valid bound; these two are
        // the best at small and at middle sizes. Every plan sends one
        // message each way round, so both port rules bound it.
        std::vector<std::int64_t> multipliers(static_cast<std::size_t>(steps), 0);
        for (int pass = 0; pass < 2; ++pass) {
            if (pass == 1 && steps >= 2) {
                multipliers[0] = 3 * multiplier_scale;
                multipliers[1] = multiplier_scale;
            }
            for (PortRule ports : {PortRule::counts, PortRule::one_each_way}) {
                const std::vector<HolderChainValue> values =
                    holder_chain_values(steps, largest, multipliers, ports);
                for (int n = first_ring_of_steps(steps); n <= largest; ++n) {
                    CAPTURE(n);
                    const TrivanceBPlan plan = stored_trivance_b_plan(n).value();
                    const double bound = theta_from_chain_value(
                        n, values[static_cast<std::size_t>(n - first_ring_of_steps(steps))]
                               .scaled_value);
                    if (pass == 0) CHECK(bound > 0);
                    CHECK(bound <= plan_theta(plan, phase_link_blocks(plan).value()) + 1e-9);
                }
            }
        }
    }
}
