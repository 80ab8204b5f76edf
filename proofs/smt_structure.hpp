#pragma once
#include <optional>
#include <string>

#include "checker/core/report.hpp"
#include "models/schedule.hpp"

namespace trivcheck::proofs {

/// What `--engine smt` decides besides the counts Z3 checks: ports, unheld
/// sends (by the reference replay, checker/execution/reference_replay.hpp) and
/// declared bounds (by the reference bounds walk, reference_bounds.hpp), both
/// independent of the symbolic executor.
struct StructureOutcome {
    CheckOutcome check;
    /// The first violation the reference found, when the check is violated.
    std::optional<Violation> violation;
    /// What could not be checked, in words; empty when everything was. A
    /// schedule the counts say holds is then unknown (exit 4), never a pass.
    std::string unchecked;
};

/// Checks `schedule`'s ports, unheld sends and declared bounds.
StructureOutcome check_structure(const Schedule& schedule);

/// check_structure's outcome added to `report` (an smt_report): its
/// "structure" check, and its violation after the counts' one (the verdict
/// then violated). Returns StructureOutcome::unchecked.
std::string add_structure_check(const Schedule& schedule, Report& report);

}  // namespace trivcheck::proofs
