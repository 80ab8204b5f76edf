#pragma once
#include <z3++.h>

#include <cstdint>
#include <optional>
#include <string>

#include "proofs/verdict.hpp"

namespace trivcheck::proofs {

/// One solver answer. model() is valid only for Violated, reason() only for Unknown.
class Answer {
  public:
    static Answer holds();
    static Answer violated(z3::model model);
    static Answer unknown(std::string reason);

    QueryVerdict verdict() const { return verdict_; }
    /// The counterexample (or, for a search, the finding); asserts Violated.
    const z3::model& model() const;
    /// Why the solver gave up (e.g. "timeout"); asserts Unknown.
    const std::string& reason() const;

  private:
    Answer(QueryVerdict verdict, std::optional<z3::model> model, std::string reason);
    QueryVerdict verdict_;
    std::optional<z3::model> model_;
    std::string reason_;
};

/// A z3::solver with the settings applied. The caller asserts the hypotheses
/// and the negation of a claim; check() then says whether the claim holds.
class Solver {
  public:
    Solver(z3::context& context, const SolverSettings& settings);
    /// A solver for one SMT-LIB logic ("QF_LIA"): skips the general solver's
    /// set-up, which dominates many small queries.
    Solver(z3::context& context, const SolverSettings& settings, const char* logic);

    void add(const z3::expr& assertion);
    /// Scoped assertions, for shrinking a model without losing the query.
    void push();
    void pop();
    Answer check();
    /// The current assertions as an SMT-LIB2 benchmark (declarations,
    /// assertions, `(check-sat)`), with `logic` and the expected `status`.
    std::string to_smt2(const std::string& logic, const std::string& status) const;

    z3::context& context() const { return context_; }

  private:
    z3::context& context_;
    z3::solver solver_;
    unsigned timeout_ms_;
};

/// The value of an integer term in a model, completing the model if needed.
std::int64_t model_integer(const z3::model& model, const z3::expr& term);

/// Settings as Z3 parameters (random seed, resource limit); the timeout is kept by
/// SolverDeadline, not by Z3.
z3::params solver_parameters(z3::context& context, const SolverSettings& settings);

}  // namespace trivcheck::proofs
