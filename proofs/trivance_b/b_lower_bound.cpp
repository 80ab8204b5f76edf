#include "proofs/trivance_b/b_lower_bound.hpp"

#include <z3++.h>

#include <cmath>
#include <limits>

#include "models/ring_arithmetic.hpp"
#include "models/trivance/tree_theta_bound.hpp"
#include "proofs/solver_deadline.hpp"

namespace trivcheck::proofs {

namespace {

/// Evaluations after which the planes stop being refined.
constexpr int most_evaluations = 100;

/// multiplier_scale x a rational model value, rounded down (any multipliers
/// of at least 0 give a valid bound, so rounding costs only tightness).
std::int64_t scaled_down(const z3::expr& value) {
    const double real = std::stod(value.get_decimal_string(12));
    return std::max<std::int64_t>(
        0, static_cast<std::int64_t>(std::floor(real * static_cast<double>(multiplier_scale))));
}

}  // namespace

ThetaLowerBound tree_theta_lower_bound(int n, PortRule ports, unsigned timeout_ms) {
    const int steps = ceil_log(n, 3);
    ThetaLowerBound bound;
    bound.n = n;
    bound.ceiling = std::numeric_limits<double>::infinity();
    z3::context context;
    z3::optimize planes(context);
    const z3::expr rating = context.real_const("rating");
    std::vector<z3::expr> multipliers;
    for (int t = 1; t <= steps; ++t) {
        multipliers.push_back(context.real_const(("mu_" + std::to_string(t)).c_str()));
        planes.add(multipliers.back() >= 0 && multipliers.back() <= n);
    }
    planes.maximize(rating);
    std::vector<std::int64_t> trial(static_cast<std::size_t>(steps), 0);
    std::int64_t best = std::numeric_limits<std::int64_t>::min();
    while (bound.evaluations < most_evaluations) {
        const HolderChainValue value = holder_chain_values(steps, n, trial, ports).back();
        ++bound.evaluations;
        if (value.scaled_value > best) {
            best = value.scaled_value;
            bound.scaled_multipliers = trial;
        }
        // The least chain's plane: its distance sum plus its penalty's slopes.
        const std::vector<std::int64_t> slopes = penalty_slopes(value.holders);
        z3::expr plane = context.real_val(
            static_cast<int64_t>(scaled_chain_distance(value, trial) / multiplier_scale));
        for (int t = 0; t < steps; ++t)
            plane = plane +
                    multipliers[static_cast<std::size_t>(t)] *
                        context.real_val(static_cast<int64_t>(slopes[static_cast<std::size_t>(t)]));
        planes.add(rating <= plane);
        SolverDeadline deadline(context, timeout_ms);
        z3::check_result result = z3::unknown;
        try {
            result = planes.check();
        } catch (const z3::exception& error) {
            bound.unknown_reason = error.msg();
        }
        deadline.stop();
        if (deadline.expired()) bound.unknown_reason = "timeout";
        if (result != z3::sat || !bound.unknown_reason.empty()) {
            if (bound.unknown_reason.empty()) bound.unknown_reason = "optimizer gave no model";
            bound.ceiling = std::numeric_limits<double>::infinity();
            break;
        }
        const z3::model model = planes.get_model();
        const double ceiling_value = std::stod(model.eval(rating, true).get_decimal_string(12));
        bound.ceiling = ceiling_value / n;
        for (int t = 0; t < steps; ++t)
            trial[static_cast<std::size_t>(t)] =
                scaled_down(model.eval(multipliers[static_cast<std::size_t>(t)], true));
        // Close enough: Θ within 0.0005 of what the planes promise.
        const double reached = static_cast<double>(best) / static_cast<double>(multiplier_scale);
        if (ceiling_value - reached <= 0.0005 * n) break;
    }
    bound.theta = theta_from_chain_value(n, best);
    return bound;
}

}  // namespace trivcheck::proofs
