#include "models/paper_formulas.hpp"

#include <array>
#include <cmath>

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

namespace {

double log3(int n) { return std::log(n) / std::log(3.0); }

int radix_2_steps(int extent) { return 2 * ceil_log(extent, 2); }
int radix_3_steps(int extent) { return 2 * ceil_log(extent, 3); }

}  // namespace

PaperFormulas trivance_formulas() {
    return {[](Form form, int n) {
                return form == Form::L ? FormulaCost{ceil_log(n, 3), n / 2.0}
                                       : FormulaCost{2 * ceil_log(n, 3), 2 * log3(n) / 3};
            },
            [](int dimensions) {
                const double power = std::pow(3.0, dimensions);
                return (power - 1) / (power - 3);
            },
            radix_3_steps};
}

PaperFormulas ring_formulas() {
    return {[](Form, int n) {
                return FormulaCost{2 * (n - 1), 1.0};
            },
            [](int) { return 1.0; }, [](int extent) { return 2 * (extent - 1); }};
}

PaperFormulas swing_formulas() {
    return {[](Form form, int n) {
                return form == Form::L ? FormulaCost{ceil_log(n, 2), n / 3.0}
                                       : FormulaCost{2 * ceil_log(n, 2), std::log2(n) / 3};
            },
            [](int dimensions) {
                return std::array{1.2, 1.04, 1.01}[dimensions - 2];
            },
            radix_2_steps};
}

PaperFormulas recursive_doubling_formulas() {
    return {[](Form form, int n) {
                return form == Form::L ? FormulaCost{ceil_log(n, 2), double(n)}
                                       : FormulaCost{2 * ceil_log(n, 2), std::log2(n) / 2};
            },
            [](int dimensions) {
                return std::array{1.5, 1.17, 1.07}[dimensions - 2];
            },
            radix_2_steps};
}

PaperFormulas bruck_formulas() {
    return {[](Form form, int n) {
                return form == Form::L ? FormulaCost{ceil_log(n, 3), 1.5 * n}
                                       : FormulaCost{2 * ceil_log(n, 3), 2 * log3(n)};
            },
            [](int dimensions) {
                return std::array{4.0, 3.25, 3.06}[dimensions - 2];
            },
            radix_3_steps};
}

}  // namespace trivcheck
