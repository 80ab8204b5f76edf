#pragma once
#include <optional>
#include <string>

#include "checker/core/report.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// What shrinking found and what it cost.
struct ShrinkResult {
    Schedule schedule;
    /// Candidate schedules executed.
    int tests = 0;
    /// Rounds over all five reductions until none removed anything.
    int rounds = 0;
};

/// The failure a shrink keeps: a violation kind and, for `missing`, why the
/// contribution is missing (missing_cause): every schedule with its
/// transfers removed misses everything, but only because nothing was sent,
/// which is rarely the bug being shrunk.
struct FailureSignature {
    std::string kind;
    /// missing only: never_sent, stranded or overwritten; empty for other kinds.
    std::string cause;
};

/// The signature of the first violation of `kind` in `report` (a
/// check_schedule report, so explained); nullopt when it has none.
std::optional<FailureSignature> signature_of(const Report& report, const std::string& kind);

/// Whether `schedule` fails with a violation matching `signature`.
bool fails_with(const Schedule& schedule, const FailureSignature& signature);

/// Delta debugging of a failing schedule: removes ranks (renumbering ranks
/// and owned blocks), steps, blocks, transfers, and single blocks of
/// transfers, each with ddmin, round after round until nothing more can go,
/// while a violation matching `signature` persists. The result still fails
/// so and is 1-minimal for each reduction. `schedule` must fail so.
ShrinkResult shrink_schedule(const Schedule& schedule, const FailureSignature& signature);

}  // namespace trivcheck
