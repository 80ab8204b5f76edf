#pragma once
#include "models/rotation_orbit.hpp"
#include "models/trivance/trivance_pieces.hpp"

namespace trivcheck {

/// Trivance L with a synthesized last step (docs/synthesis.md) as a schedule
/// the symbolic executor runs: the floor(log3 n) full steps of the published
/// form, except that each rank keeps the accumulators it receives in scratch
/// buffers, one per membership class of the plan (kept, sent to r - d_R, sent
/// to r + d_L), and sends its running sum from buffer `acc`; the last step's
/// local operations add up the kept pieces into the vector and each message's
/// pieces into a staging buffer, then one message goes to each side.
/// The ring has plan.ranks ranks; every rank does the same turned by its
/// index, so the result is an orbit.
/// The plan is taken as given: whether it counts each contribution exactly
/// once is for the executor to say, not for this builder.
RotationOrbit trivance_synthesized_orbit(const LastStepPlan& plan);

}  // namespace trivcheck
