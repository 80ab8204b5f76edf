#pragma once
#include "checker/executor.hpp"
#include "models/generator.hpp"

namespace trivcheck {

/// Executes `schedule` and adds the named checks that apply to it (SPEC §2):
/// what `trivcheck check` reports.
Report check_schedule(const Schedule& schedule, ExecuteOptions options = {});

/// The same report for the schedule `orbit` stands for, without expanding it
/// unless it is violated (then the whole schedule is checked, for the traced
/// paths and explanations). `options.observer` sees the steps once more then.
Report check_orbit(const RotationOrbit& orbit, ExecuteOptions options = {});

/// check_schedule(generate(request)), through the generator's rotation orbit
/// when it has one (models/orbit_generator.hpp).
Report check_generated(const GeneratorRequest& request, ExecuteOptions options = {});

}  // namespace trivcheck
