#pragma once
#include <z3++.h>

#include <optional>
#include <string>
#include <vector>

#include "checker/core/report.hpp"
#include "models/schedule.hpp"
#include "proofs/verdict.hpp"

// The second checking engine (`trivcheck check --engine smt`, docs/engines.md):
// the execution encoded as count terms over a symbolic contributor
// (proofs/count_terms.hpp), and Z3 asked, step by step and then about the
// final state, whether some (rank, block, contributor) count is wrong; the
// first answer is narrowed to the lexicographically first violating (step,
// rank, block, contributor) (proofs/first_satisfiable.hpp). It checks the
// count-based properties only: double_count and missing. Ports, unheld
// sends, declared bounds and the per-step figures are the symbolic engine's.

namespace trivcheck::proofs {

/// Largest n, and largest number of blocks, the SMT engine accepts.
inline constexpr int smt_engine_rank_limit = 32;
inline constexpr int smt_engine_block_limit = 1024;

/// The first count violation in the order (step, rank, block, contributor),
/// where the final state counts as step K (the number of steps): a double
/// count at step k (a joint reduction, or a local reduce operation, after which
// a count is 2 or more; on any buffer) comes
/// before anything in a later step and before every final-state violation.
struct CountViolation {
    /// double_count, or missing (a final count other than the postcondition's).
    ViolationKind kind = ViolationKind::missing;
    /// K for a final-state violation.
    int step = 0;
    int rank = 0;
    int block = 0;
    int contributor = 0;
    /// The contribution's count after the step (double_count) or at the end (missing).
    std::int64_t count = 0;
    /// missing: the count the postcondition requires (0 or 1).
    std::int64_t required = 1;
    /// double_count: the reduce messages that carried the contribution.
    std::vector<Hop> transfers;
    /// double_count: the receiver's own partial (or the copy replacing it) carried it too.
    bool base_carried = false;
    /// double_count: the local reduce operations (indices in the step's list)
    /// whose source buffer carried it.
    std::vector<int> local_operations;
    friend bool operator==(const CountViolation&, const CountViolation&) = default;
};

/// What the SMT engine established about one schedule.
struct SmtExecution {
    /// Holds: no count is wrong; Violated: `first` is set; Unknown: see `unknown_reason`.
    QueryVerdict verdict = QueryVerdict::unknown;
    std::string unknown_reason;
    std::optional<CountViolation> first;
};

/// Checks the counts of `schedule` (well formed, docs/model.md) with Z3. Throws
/// NotApplicable (models/generator.hpp) above smt_engine_rank_limit ranks or
/// smt_engine_block_limit blocks.
/// Throws NotApplicable when `header` has more ranks or blocks than the smt
/// engine checks; reads the header only, so a caller can refuse before expanding.
void refuse_too_large_for_smt(const Schedule& header);

SmtExecution smt_execute(const Schedule& schedule, const SolverSettings& settings);
/// The same in the caller's context, for checking many schedules: creating a
/// Z3 context costs more than checking a small schedule.
SmtExecution smt_execute(const Schedule& schedule, const SolverSettings& settings,
                         z3::context& context);

/// The outcome in the symbolic engine's report structures (a final-state
/// violation has step -1 there, as in the symbolic engine's reports); no
/// per-step figures. The outcome must not be Unknown.
Report smt_report(const Schedule& schedule, const SmtExecution& execution);

}  // namespace trivcheck::proofs
