#include "proofs/trivance_terms.hpp"

#include "proofs/ring_encoding.hpp"

namespace trivcheck::proofs {

LastStepTerms last_step_terms(z3::context& context, int s, z3::expr_vector& hypotheses) {
    const std::int64_t full = power_of_three(s);
    LastStepTerms terms{context.int_const("n"), context.int_const("d"), full, (full - 1) / 2};
    const z3::expr full_term = context.int_val(full);
    hypotheses.push_back(full_term < terms.n && terms.n < context.int_val(3 * full));
    // ceil(x / 2) is the integer d with x <= 2d <= x + 1.
    hypotheses.push_back(terms.n - full_term <= 2 * terms.d &&
                         2 * terms.d <= terms.n - full_term + 1);
    return terms;
}

namespace {

std::vector<std::int64_t> per_step(int s, std::int64_t (*value)(std::int64_t power)) {
    std::vector<std::int64_t> values;
    for (int k = 0; k < s; ++k) values.push_back(value(power_of_three(k)));
    return values;
}

}  // namespace

z3::expr full_step_distance(const z3::expr& step, int s) {
    return select_constant(step, per_step(s, [](std::int64_t power) { return power; }));
}

z3::expr radius_before_step(const z3::expr& step, int s) {
    return select_constant(step, per_step(s, [](std::int64_t power) { return (power - 1) / 2; }));
}

z3::expr radius_after_step(const z3::expr& step, int s) {
    return select_constant(step,
                           per_step(s, [](std::int64_t power) { return (3 * power - 1) / 2; }));
}

}  // namespace trivcheck::proofs
