#pragma once
#include <optional>

#include "models/generator.hpp"
#include "models/rotation_orbit.hpp"

namespace trivcheck {

/// The requested schedule as a rank orbit, when its generator builds one (a
/// ring's rotation orbit, or a torus's translation orbit, models/torus_generator.hpp),
/// so large n never materialise n messages per step; nullopt otherwise. The
/// orbit expands to exactly what generate(request) returns.
std::optional<RotationOrbit> generate_orbit(const GeneratorRequest& request);

}  // namespace trivcheck
