#pragma once
#include "checker/search/failure_signature.hpp"
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

/// Delta debugging of a failing schedule: removes ranks (renumbering ranks
/// and owned blocks), steps, blocks, transfers, and single blocks of
/// transfers, each with ddmin, round after round until nothing more can go,
/// while the candidate fails as `signature` says (same kind and cause of
/// the kept violation, enough cells still right: failure_signature.hpp). The result still fails
/// so and is 1-minimal for each reduction. `schedule` must fail so.
ShrinkResult shrink_schedule(const Schedule& schedule, const FailureSignature& signature);

}  // namespace trivcheck
