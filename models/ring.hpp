#pragma once
#include "models/generator.hpp"
#include "models/rotation_orbit.hpp"

namespace trivcheck {

/// Two-port bucket ring (docs/model.md, "Generated schedules"): a reduce-scatter then an
/// all-gather of n-1 steps each; ring + carries blocks 0..n-1 to r+1, ring -
/// carries blocks n..2n-1 to r-1, so each direction moves half the vector.
Schedule generate_ring(const GeneratorRequest& request);
/// The same schedule as rank 0's two messages per step (it is rotation symmetric).
RotationOrbit generate_ring_orbit(const GeneratorRequest& request);

}  // namespace trivcheck
