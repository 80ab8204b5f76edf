#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "checker/core/report.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// The least share of the cells a postcondition constrains that a shrunk
/// counterexample must still get right (docs/counterexamples.md): two in
/// three. One wrong block spoils one column of the n × B cells, at most 1/3
/// from n = 3 up, so a bug confined to a block always stays keepable; below
/// it (2 ranks: 1/2) one wrong block cannot be told from nothing working.
inline constexpr double non_degenerate_share = 2.0 / 3.0;

/// The share of the cells the postcondition constrains that meet it at the
/// end: allreduce and allgather every (rank, block), reduce_scatter each
/// block at its owner; a cell fails when the report counts a `missing` for
/// it. 1 for a report without postcondition cells.
double held_share(const Report& report);

/// The value every (rank, block) of a rank's vector ends with, rank by rank:
/// its contributors as arcs relative to the rank (contribution_sets.hpp).
using FinalState = std::vector<std::vector<std::pair<int, int>>>;

/// Executes `schedule` and returns its final state.
FinalState final_state(const Schedule& schedule);

/// The failure a shrink keeps: the kind and cause (violation_cause) of one
/// violation, and how much of the schedule must still work.
struct FailureSignature {
    ViolationKind kind;
    /// violation_cause of the kept violation: never_sent, stranded, overwritten, ...
    std::string cause;
    /// true: the report's first violation must be this one; false (`--kind`):
    /// the first violation of `kind`.
    bool first_of_all = true;
    /// The least held_share a candidate may have: non_degenerate_share, or
    /// the input's own share when the input is below it.
    double least_held = non_degenerate_share;
    /// When set, a candidate must also end in exactly this state (same
    /// ranks, blocks and final values): after a generated mutant's n is
    /// shrunk, only what changes no final value may go.
    std::shared_ptr<const FinalState> same_final_state = {};
};

/// The signature of `report` (a check_schedule report, so explained): its
/// first violation, or with `first_of_all` false its first violation of
/// `kind`; nullopt when it has none.
std::optional<FailureSignature> signature_of(const Report& report, ViolationKind kind,
                                             bool first_of_all);

/// The violation of `report` the signature looks at (as signature_of picks
/// it), or nullptr.
const Violation* kept_violation(const Report& report, const FailureSignature& signature);

/// Whether `report` fails as `signature` says: the violation it looks at has
/// the same kind and cause, and held_share is at least `least_held`.
bool matches(const Report& report, const FailureSignature& signature);

/// check_schedule(schedule), then matches (and the final state, when the
/// signature names one); false for a schedule that cannot run.
bool fails_with(const Schedule& schedule, const FailureSignature& signature);

/// "missing (overwritten)"
std::string describe(const FailureSignature& signature);

}  // namespace trivcheck
