#pragma once
#include <optional>

#include "models/rotation_orbit.hpp"

namespace trivcheck {

/// The rank orbit a whole schedule is, when it commutes with its ring's
/// rotations (by 1, or by 2 as Swing does) or its torus's translations
/// (models/rotation_symmetry.hpp): each step's first N-th of transfers and
/// local operations (of the representatives' share) as the model. nullopt
/// for any other schedule (XOR symmetry included: its translations are not
/// the topology's).
std::optional<RotationOrbit> symmetric_orbit(const Schedule& schedule);

/// `schedule` with each step's first `parts`-th of transfers and local
/// operations only: the model of a whole schedule that lists them as `parts`
/// translated copies (rank orbits, and XOR orbits: models/xor_symmetry.hpp).
Schedule first_share(const Schedule& schedule, int parts);

}  // namespace trivcheck
