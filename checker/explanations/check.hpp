#pragma once
#include <cstddef>

#include "checker/execution/executor.hpp"
#include "models/generator.hpp"

namespace trivcheck {

/// Executes `schedule` and adds the named checks that apply to it (docs/model.md, figures):
/// what `trivcheck check` reports.
Report check_schedule(const Schedule& schedule, ExecuteOptions options = {});

/// Above this many transfers a violated orbit whose explanations need the
/// whole schedule is not expanded: its report keeps the violations, figures,
/// verdict and what the orbit explains (double counts, bounds).
inline constexpr std::size_t kMostTransfersExpandedForExplanations = std::size_t{1} << 24;

/// The same report for the schedule `orbit` stands for, without expanding it:
/// the violations listed are the whole execution's first ones, double counts
/// are traced in the orbit. Only when the orbit has local operations, or its
/// violations need whole replays to be explained (missing, send_unheld), is
/// the whole schedule checked instead, if it has at most
/// kMostTransfersExpandedForExplanations transfers (`options.observer` sees
/// the steps once more then).
/// With `options.use_symmetry` false, checks expand(orbit) rank by rank.
Report check_orbit(const RotationOrbit& orbit, ExecuteOptions options = {});

/// check_schedule(generate(request)), through the generator's rotation orbit
/// when it has one (models/orbit_generator.hpp) and `options.use_symmetry`.
Report check_generated(const GeneratorRequest& request, ExecuteOptions options = {});

}  // namespace trivcheck
