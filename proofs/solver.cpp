#include "proofs/solver.hpp"

#include <cassert>
#include <utility>
#include <vector>

#include "proofs/solver_deadline.hpp"

namespace trivcheck::proofs {

Answer::Answer(QueryVerdict verdict, std::optional<z3::model> model, std::string reason)
    : verdict_(verdict), model_(std::move(model)), reason_(std::move(reason)) {}

Answer Answer::holds() { return Answer(QueryVerdict::holds, std::nullopt, ""); }

Answer Answer::violated(z3::model model) {
    return Answer(QueryVerdict::violated, std::move(model), "");
}

Answer Answer::unknown(std::string reason) {
    return Answer(QueryVerdict::unknown, std::nullopt, std::move(reason));
}

const z3::model& Answer::model() const {
    assert(verdict_ == QueryVerdict::violated && model_.has_value());
    return *model_;
}

const std::string& Answer::reason() const {
    assert(verdict_ == QueryVerdict::unknown);
    return reason_;
}

z3::params solver_parameters(z3::context& context, const SolverSettings& settings) {
    z3::params parameters(context);
    parameters.set("random_seed", settings.seed);
    if (settings.resource_limit != 0) parameters.set("rlimit", settings.resource_limit);
    return parameters;
}

Solver::Solver(z3::context& context, const SolverSettings& settings)
    : context_(context), solver_(context), timeout_ms_(settings.timeout_ms) {
    solver_.set(solver_parameters(context, settings));
}

Solver::Solver(z3::context& context, const SolverSettings& settings, const char* logic)
    : context_(context), solver_(context, logic), timeout_ms_(settings.timeout_ms) {
    solver_.set(solver_parameters(context, settings));
}

void Solver::add(const z3::expr& assertion) { solver_.add(assertion); }

void Solver::push() { solver_.push(); }

void Solver::pop() { solver_.pop(); }

namespace {

/// A sat answer whose model is checked against every assertion: one seen
/// after interrupts elsewhere in the context satisfied none of them.
Answer checked_model(const z3::solver& solver) {
    const z3::model model = solver.get_model();
    const z3::expr_vector assertions = solver.assertions();
    for (unsigned i = 0; i < assertions.size(); ++i)
        if (!model.eval(assertions[i], true).is_true())
            return Answer::unknown("the solver's model does not satisfy the query");
    return Answer::violated(model);
}

}  // namespace

Answer Solver::check() {
    // Z3 reports resource limits both as `unknown` and, in some tactics, as an
    // exception; either way the claim is not established.
    SolverDeadline deadline(context_, timeout_ms_);
    try {
        const z3::check_result result = solver_.check();
        deadline.stop();
        // An interrupted check can still say sat, with a model of nothing.
        if (deadline.expired()) return Answer::unknown("timeout");
        switch (result) {
            case z3::unsat:
                return Answer::holds();
            case z3::sat:
                return checked_model(solver_);
            case z3::unknown:
                return Answer::unknown(solver_.reason_unknown());
        }
    } catch (const z3::exception& error) {
        deadline.stop();
        return Answer::unknown(deadline.expired() ? "timeout" : error.msg());
    }
    return Answer::unknown("unexpected solver result");
}

std::string Solver::to_smt2(const std::string& logic, const std::string& status) const {
    const z3::expr_vector assertions = solver_.assertions();
    std::vector<Z3_ast> formulas;
    for (unsigned i = 0; i < assertions.size(); ++i) formulas.push_back(assertions[i]);
    // The API prints every formula but the last as an assertion and the last
    // one separately; an empty query asserts `true`.
    const z3::expr nothing_more = context_.bool_val(true);
    Z3_ast last = nothing_more;
    if (!formulas.empty()) {
        last = formulas.back();
        formulas.pop_back();
    }
    return Z3_benchmark_to_smtlib_string(context_, "", logic.c_str(), status.c_str(), "",
                                         static_cast<unsigned>(formulas.size()), formulas.data(),
                                         last);
}

std::int64_t model_integer(const z3::model& model, const z3::expr& term) {
    return model.eval(term, true).get_numeral_int64();
}

}  // namespace trivcheck::proofs
