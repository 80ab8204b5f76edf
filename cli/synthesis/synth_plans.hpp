#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "models/trivance/trivance_b_search.hpp"

namespace trivcheck::cli {

/// The default resource limit of each query of the symmetric-tree bound.
inline constexpr unsigned default_tree_bound_rlimit = 20000000;

/// What `trivcheck synth --form B` does beyond the sizes.
struct PlanSynthesisOptions {
    bool json = false;
    int jobs = 0;
    /// Partial plans the exhaustive search may cost per n before the plan is
    /// reported as the local search's, not proven least.
    std::int64_t proof_limit = trivcheck::default_proof_limit;
    /// Run the symbolic executor on the schedule each plan generates.
    bool verify = false;
    /// Write the plans as the generator's stored table (models/trivance/trivance_b_plans.inc).
    std::string table_file;
    /// Bound Θ from below for any reduce-then-gather schedule
    /// (proofs/trivance_b/b_lower_bound.hpp), each n's multipliers chosen by Z3.
    bool lower_bound = false;
    /// Per solver call of the lower bound's multiplier choice.
    unsigned timeout_ms = 10000;
    /// Z3's resource limit (rlimit) per solver call of the bound for
    /// rotation-symmetric trees: it gives up at the same point on every
    /// machine and load, so the bound printed does not depend on them.
    unsigned tree_bound_rlimit = default_tree_bound_rlimit;
};

/// --lower-bound's bound for rotation-symmetric two-peer trees
/// (proofs/trivance_b/b_symmetric_tree_bound.hpp) is given for n up to the
/// first, with the exact model's query for n up to the second and the
/// counting relaxation's for n up to the third (above, the bound is the
/// each-way floor: the relaxation did not refute it on the samples tried).
inline constexpr int symmetric_tree_bound_up_to = 200;
inline constexpr int symmetric_tree_exact_up_to = 27;
inline constexpr int symmetric_tree_counts_up_to = 81;

/// `trivcheck synth --form B`: for every n of `sizes`, the least-Θ Trivance B
/// plan the search finds (models/trivance/trivance_b_search.hpp), against the short-last
/// and short-first layouts, Table 1's 2/3 log3 n, the stored plan and, when
/// asked, the lower bound for any reduce-then-gather schedule
/// (models/trivance/tree_theta_bound.hpp); one line (or JSON result) per n
/// and a summary. Returns 1 when a stored plan differs from the search's
/// (unless the table is being rewritten) or a verified schedule fails the
/// executor, 4 when the solver gave up choosing a bound's multipliers, 0
/// otherwise.
int run_plan_synthesis(const std::vector<int>& sizes, const PlanSynthesisOptions& options);

}  // namespace trivcheck::cli
