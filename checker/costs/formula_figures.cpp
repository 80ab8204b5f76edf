#include "checker/costs/formula_figures.hpp"

#include <array>
#include <cmath>

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

namespace {

/// The ring table: K with rounded-up logarithms, Θ as the table gives it.
std::optional<CostFigures> ring_formula(const Competitor& competitor, int n) {
    const double log2n = std::log2(n);
    const double log3n = std::log(n) / std::log(3.0);
    const bool latency = competitor.form == Form::L;
    const int ceil2 = ceil_log(n, 2);
    const int ceil3 = ceil_log(n, 3);
    if (competitor.algo == "ring") return CostFigures{2 * (n - 1), 1.0};
    if (competitor.algo == "recursive_doubling")
        return latency ? CostFigures{ceil2, double(n)} : CostFigures{2 * ceil2, log2n / 2};
    if (competitor.algo == "swing")
        return latency ? CostFigures{ceil2, n / 3.0} : CostFigures{2 * ceil2, log2n / 3};
    if (competitor.algo == "bruck")
        return latency ? CostFigures{ceil3, 1.5 * n} : CostFigures{2 * ceil3, 2 * log3n};
    if (competitor.algo == "trivance")
        return latency ? CostFigures{ceil3, n / 2.0} : CostFigures{2 * ceil3, 2 * log3n / 3};
    return std::nullopt;
}

/// Table 3 (factors relative to m·β/D, D = 2, 3, 4); Trivance B in closed form.
std::optional<double> torus_factor(const std::string& algo, int dimensions) {
    if (dimensions < 2 || dimensions > 4) return std::nullopt;
    const int row = dimensions - 2;
    if (algo == "swing") return std::array{1.2, 1.04, 1.01}[row];
    if (algo == "recursive_doubling") return std::array{1.5, 1.17, 1.07}[row];
    if (algo == "bruck") return std::array{4.0, 3.25, 3.06}[row];
    if (algo == "ring") return 1.0;
    if (algo == "trivance") {
        const double power = std::pow(3.0, dimensions);
        return (power - 1) / (power - 3);
    }
    return std::nullopt;
}

/// K on a torus: the ring's rounded-up count per dimension, summed.
int torus_steps(const std::string& algo, const Topology& topology) {
    int steps = 0;
    for (int extent : topology.dims) {
        if (algo == "ring")
            steps += 2 * (extent - 1);
        else if (algo == "swing" || algo == "recursive_doubling")
            steps += 2 * ceil_log(extent, 2);
        else
            steps += 2 * ceil_log(extent, 3);
    }
    return steps;
}

}  // namespace

std::optional<CostFigures> formula_figures(const Competitor& competitor, const Topology& topology,
                                           std::string& why) {
    if (competitor.algo == "trivance" && competitor.last_step != "published") {
        why = "the paper's model has no formula for the " + competitor.last_step + " last step";
        return std::nullopt;
    }
    if (topology.kind == TopologyKind::ring) {
        auto figures = ring_formula(competitor, topology.rank_count());
        if (!figures) why = "no formula for " + competitor.algo;
        return figures;
    }
    const int dimensions = static_cast<int>(topology.dims.size());
    if (competitor.form == Form::L) {
        why = "Table 3 gives bandwidth-optimal forms only";
        return std::nullopt;
    }
    const auto factor = torus_factor(competitor.algo, dimensions);
    if (!factor) {
        why = "Table 3 has no " + std::to_string(dimensions) + "-dimensional row";
        return std::nullopt;
    }
    return CostFigures{torus_steps(competitor.algo, topology), *factor / dimensions};
}

}  // namespace trivcheck
