#pragma once
#include "models/form.hpp"

namespace trivcheck {

/// K and Θ as a formula gives them (Θ in units of m).
struct FormulaCost {
    int steps = 0;
    double theta = 0;
};

/// What the paper's tables say one algorithm costs (docs/cost-model.md): the
/// ring table's K and Θ, and Table 3's rows for tori. One per algorithm, in
/// its catalogue entry (models/generator.cpp).
struct PaperFormulas {
    /// K and Θ on a ring of n ranks, K with rounded-up logarithms.
    FormulaCost (*ring)(Form form, int n) = nullptr;
    /// Table 3's bandwidth factor relative to m·β/D for D = 2, 3, 4 dimensions.
    double (*torus_factor)(int dimensions) = nullptr;
    /// K of the bandwidth-optimal form on one torus dimension of `extent` ranks.
    int (*torus_steps)(int extent) = nullptr;
};

PaperFormulas trivance_formulas();
PaperFormulas ring_formulas();
PaperFormulas swing_formulas();
PaperFormulas recursive_doubling_formulas();
PaperFormulas bruck_formulas();

}  // namespace trivcheck
