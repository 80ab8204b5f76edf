#include "models/nccl/nccl_formulas.hpp"

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

PaperFormulas nccl_ring_formulas() {
    // One ring in one direction: on a torus of D dimensions it uses one of
    // the 2D ports a rank has, against the optimum m·β/D.
    return {[](Form, int n) {
                return FormulaCost{2 * (n - 1), 2.0 * (n - 1) / n};
            },
            [](int dimensions) { return 2.0 * dimensions; },
            [](int extent) { return 2 * (extent - 1); }};
}

PaperFormulas nccl_tree_formulas() {
    return {[](Form, int n) {
                return FormulaCost{2 * floor_log(n, 2), 2.0};
            },
            [](int dimensions) { return 2.0 * dimensions; },
            [](int extent) { return 2 * floor_log(extent, 2); }};
}

PaperFormulas nccl_pat_formulas() {
    return {[](Form, int n) {
                return FormulaCost{ceil_log(n, 2), ceil_log(n, 2) / 2.0};
            },
            [](int dimensions) { return 2.0 * dimensions; },
            [](int extent) { return ceil_log(extent, 2); }};
}

}  // namespace trivcheck
