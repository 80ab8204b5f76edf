#pragma once
#include <cstddef>

#include "checker/execution/executor.hpp"
#include "models/generator.hpp"

namespace trivcheck {

/// Executes `schedule` and adds the named checks that apply to it (docs/model.md, figures):
/// what `trivcheck check` reports.
Report check_schedule(const Schedule& schedule, ExecuteOptions options = {});

/// Above this many transfers a violated orbit is not expanded: its report keeps
/// the violations, figures and verdict but no traced paths or explanations.
inline constexpr std::size_t kMostTransfersExpandedForExplanations = std::size_t{1} << 24;

/// The same report for the schedule `orbit` stands for, without expanding it
/// unless it is violated (then the whole schedule, if it has at most
/// kMostTransfersExpandedForExplanations transfers, is checked for the traced
/// paths and explanations; `options.observer` sees the steps once more then).
/// With `options.use_symmetry` false, checks expand(orbit) rank by rank.
Report check_orbit(const RotationOrbit& orbit, ExecuteOptions options = {});

/// check_schedule(generate(request)), through the generator's rotation orbit
/// when it has one (models/orbit_generator.hpp) and `options.use_symmetry`.
Report check_generated(const GeneratorRequest& request, ExecuteOptions options = {});

}  // namespace trivcheck
