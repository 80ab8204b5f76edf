#pragma once
#include <z3++.h>

#include <cstddef>
#include <vector>

#include "proofs/solver.hpp"

namespace trivcheck::proofs {

/// The first of some ordered cases that has a model.
struct FirstSatisfiable {
    /// Holds: no case has a model; Violated: cases[index] is the first that
    /// has one, and answer.model() satisfies it; Unknown: the solver gave up.
    Answer answer;
    std::size_t index = 0;
};

/// The least i such that cases[i] is satisfiable with the solver's
/// assertions: one query for their disjunction (skipped when `known` is a
/// model of the assertions and of some case), then a binary search over
/// prefixes, each bound tightened to the first case the last model makes
/// true. The solver's assertions are unchanged afterwards.
FirstSatisfiable first_satisfiable(Solver& solver, const std::vector<z3::expr>& cases,
                                   const Answer* known = nullptr);

}  // namespace trivcheck::proofs
