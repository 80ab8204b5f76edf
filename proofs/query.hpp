#pragma once
#include <z3++.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "proofs/solver.hpp"
#include "proofs/verdict.hpp"

namespace trivcheck::proofs {

/// A term of the query to shrink in a model, and its least possible value.
struct ShrinkTerm {
    z3::expr term;
    std::int64_t lowest;
};

/// One solver query of an obligation: hypotheses (always satisfiable, checked)
/// plus a goal, which is the negation of the claim for a proof or the
/// violation searched for in a search.
struct Query : QueryIdentity {
    explicit Query(z3::context& context) : hypotheses(context), goal(context.bool_val(false)) {}

    /// SMT-LIB logic of the emitted file.
    std::string logic = "QF_LIA";
    z3::expr_vector hypotheses;
    z3::expr goal;
    /// Named terms printed from a model, in this order (a rank, a step, n).
    std::vector<std::pair<std::string, z3::expr>> model_terms;
    /// Terms minimised, in this order, before a model is printed.
    std::vector<ShrinkTerm> shrink;
    /// Turns a (shrunk) model into words; defaults to printing model_terms.
    std::function<Finding(const z3::model&)> explain;
    /// Run after the query held: a figure the obligation reports (an Answer
    /// with a model is never expected here, so only holds/unknown matter).
    std::function<std::pair<Answer, std::optional<Finding>>(const SolverSettings&)> measure;
};

/// "3^s < n < 3^(s+1)" with its numeric bounds, for the ranges obligations use.
void set_range_strictly_between_powers(Query& query, int s);
/// "3^s <= n < 3^(s+1)".
void set_range_from_power(Query& query, int s);

}  // namespace trivcheck::proofs
