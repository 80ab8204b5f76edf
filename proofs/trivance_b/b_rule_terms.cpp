#include "proofs/trivance_b/b_rule_terms.hpp"

#include <utility>

namespace trivcheck::proofs {

RuleTerms::RuleTerms(z3::context& context, z3::expr_vector& hypotheses, std::string prefix)
    : context_(context), hypotheses_(hypotheses), prefix_(std::move(prefix)) {}

z3::expr RuleTerms::fresh(const std::string& what) {
    return context_.int_const((prefix_ + what + std::to_string(count_++)).c_str());
}

z3::expr RuleTerms::ceil_div(const z3::expr& value, std::int64_t divisor) {
    const z3::expr quotient = fresh("ceil");
    const z3::expr d = context_.int_val(divisor);
    hypotheses_.push_back(quotient * d >= value && (quotient - 1) * d < value);
    return quotient;
}

std::vector<LadderStep> RuleTerms::steps_from_arcs(const std::vector<z3::expr>& arcs,
                                                   const z3::expr& n) {
    std::vector<LadderStep> steps;
    z3::expr before = context_.int_val(1);
    for (const z3::expr& arc : arcs) {
        const z3::expr growth = arc - before;
        const z3::expr up = ceil_div(growth, 2);
        steps.push_back({up, growth - up});
        before = arc;
    }
    cap_last_step(steps, n);
    return steps;
}

void RuleTerms::cap_last_step(std::vector<LadderStep>& steps, const z3::expr& n) {
    if (steps.empty()) return;
    const z3::expr half = fresh("half_n");
    hypotheses_.push_back(2 * half <= n && 2 * half >= n - 1);
    LadderStep& last = steps.back();
    last = {z3::ite(last.plus <= half, last.plus, half),
            z3::ite(last.minus <= half, last.minus, half)};
}

z3::expr is_reaching_ladder(const std::vector<LadderStep>& steps, const z3::expr& n, bool reach) {
    z3::context& context = n.ctx();
    z3::expr holds = context.bool_val(true);
    z3::expr arc = context.int_val(1);
    for (const LadderStep& step : steps) {
        for (const z3::expr& d : {step.plus, step.minus})
            holds = holds && d >= 0 && d <= arc && 2 * d <= n;
        arc = arc + step.plus + step.minus;
    }
    return reach ? holds && arc >= n : holds;
}

}  // namespace trivcheck::proofs
