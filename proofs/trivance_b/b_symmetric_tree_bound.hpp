#pragma once
#include <cstdint>
#include <string>

#include "proofs/verdict.hpp"

namespace trivcheck::proofs {

/// How a query describes the rotation-symmetric two-peer trees of a ring
/// (docs/trivance-b.md, "A bound for rotation-symmetric trees").
enum class TreeModel {
    /// Every tree exactly: sign patterns, their closure, residues distinct.
    exact,
    /// A relaxation: adoption counts, distances, and the reach each placed
    /// set needs from the later steps' distances.
    counts,
};

/// Whether some rotation-symmetric two-peer tree of ceil(log3 n) steps
/// (partial steps allowed) costs at most `budget` blocks a link a phase:
/// holds when none does (the solver proved it), violated when one does (for
/// `counts`, only that the relaxation does), unknown when the solver gave up.
QueryVerdict symmetric_tree_within(int n, std::int64_t budget, TreeModel model,
                                   const SolverSettings& settings);

/// A lower bound on the blocks a link a phase of every such tree, each claim
/// a proven unsat query ("no tree costs less").
struct SymmetricTreeBound {
    int n = 0;
    /// Every tree costs at least this (at least `floor`, the caller's bound).
    std::int64_t blocks = 0;
    /// 2 * blocks / n.
    double theta = 0.0;
    /// "exact", "counts" (the query that proved `blocks`) or "floor" (no
    /// query proved more than the caller's bound).
    std::string proven_by = "floor";
    /// Solver calls made, and how many of them gave up.
    int queries = 0;
    int unknown = 0;
};

/// Raises `floor` (a bound the caller holds: every tree costs at least
/// that) towards `best` (the blocks of a tree the caller holds): for n up to
/// `exact_up_to`, whether the exact model finds nothing below `best`; then,
/// for n up to `counts_up_to`, budgets upward from the floor with the
/// counting relaxation until one is not refuted. Each solver call within
/// `settings`' limits; a call that gives up proves nothing.
SymmetricTreeBound symmetric_tree_bound(int n, std::int64_t floor, std::int64_t best,
                                        const SolverSettings& settings, int exact_up_to,
                                        int counts_up_to);

}  // namespace trivcheck::proofs
