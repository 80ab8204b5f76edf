#pragma once
#include "models/generator.hpp"

namespace trivcheck {

/// `request`'s algorithm and form on its torus (docs/model.md, "Tori"): the
/// ring generator of that algorithm, with the same choices, runs on a ring
/// of each dimension's size, and models/torus_lift.hpp lifts the rings to
/// one collective per dimension. NotApplicable names the dimension whose
/// ring has no schedule, and why.
Schedule generate_on_torus(const GeneratorRequest& request);

}  // namespace trivcheck
