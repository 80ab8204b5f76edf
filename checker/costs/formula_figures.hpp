#pragma once
#include <optional>
#include <string>

#include "checker/costs/competitors.hpp"

namespace trivcheck {

/// What the cost model needs of a schedule: T = K·α + Θ·m·β.
struct CostFigures {
    /// K, the synchronous steps.
    int steps = 0;
    /// Θ, Σ over steps of the most bytes on one directed link, in units of m.
    /// On a D-dimensional torus the optimum is 1/D; Θ·D is the paper's
    /// factor relative to m·β/D.
    double theta = 0;
};

/// The paper's model (docs/cost-model.md): the ring table for a ring, Table 3
/// for the bandwidth-optimal forms on a 2-, 3- or 4-dimensional torus, K
/// with rounded-up logarithms. Empty, with `why` set, where it has none
/// (Trivance L's fold and synthesized last steps, latency-optimal forms on a
/// torus, other dimensions).
std::optional<CostFigures> formula_figures(const Competitor& competitor, const Topology& topology,
                                           std::string& why);

}  // namespace trivcheck
