#pragma once
#include <optional>

#include "models/generator.hpp"
#include "models/rotation_orbit.hpp"

namespace trivcheck {

/// `request`'s algorithm and form on its torus (docs/model.md, "Tori"): the
/// ring generator of that algorithm, with the same choices, runs on a ring
/// of each dimension's size, and models/torus_lift.hpp lifts the rings to
/// one collective per dimension. NotApplicable names the dimension whose
/// ring has no schedule, and why.
Schedule generate_on_torus(const GeneratorRequest& request);

/// The same schedule as a rank orbit (rank 0's messages, models/rotation_orbit.hpp)
/// when the rings lift to a translation-symmetric torus schedule
/// (lift_rings_to_torus_orbit); nullopt otherwise. Throws as generate_on_torus.
std::optional<RotationOrbit> generate_torus_orbit(const GeneratorRequest& request);

}  // namespace trivcheck
