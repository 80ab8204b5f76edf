#pragma once
#include <cstdint>

#include "checker/core/report.hpp"
#include "models/rotation_orbit.hpp"

namespace trivcheck {

/// How much of each explanation to build: each one replays the schedule.
struct ExplainLimits {
    /// double_count violations (after sorting) whose copies are traced.
    int traced_double_counts = 5;
    /// missing violations whose lacking contributors are listed.
    int explained_missing = 10;
    /// Per missing violation: lacking contributors whose last holder is named.
    int last_holders_per_missing = 3;
    /// Transfers all the replays together may visit, so that explaining a
    /// huge broken schedule costs a bounded multiple of checking it.
    std::uint64_t transfer_visits = 64'000'000;
};

/// The post-pass of check_schedule: sorts `report.violations` by step
/// (postconditions and whole-schedule bounds last), kind, rank, block and
/// contributor, so reports are deterministic whatever the executor's order,
/// and fills each violation's `explanation` with the provenance a person
/// needs to act on it: missing contributors and their last holders, what the
/// sender of an unheld block held, the numbers of a broken bound, and paths
/// for double counts the executor did not trace.
void explain_violations(const Schedule& schedule, Report& report, const ExplainLimits& limits = {});

/// The same for the violations of expand(orbit) as check_orbit lists them,
/// without expanding it: sorted, double counts traced in the orbit (it has no
/// local operations), bounds measured. Missing and unheld-send explanations
/// need replays of the whole schedule: they are left empty.
void explain_orbit_violations(const RotationOrbit& orbit, Report& report,
                              const ExplainLimits& limits = {});

}  // namespace trivcheck
