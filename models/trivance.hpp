#pragma once
#include <vector>

#include "models/generator.hpp"
#include "models/rotation_orbit.hpp"

namespace trivcheck {

/// Trivance distances (SPEC §3): d_k = 3^k for k < s, and when n is not a
/// power of 3 one last step at d = ceil((n - 3^s) / 2); ceil(log3 n) in all.
std::vector<int> trivance_distances(int n);

/// Trivance on a ring, both forms (SPEC §3 "Trivance"):
/// L: every step sends the whole accumulated vector to r - d_k and r + d_k,
///    exactly as published, including the shortened last step (which counts
///    contributions more than once when n is not a power of 3); with
///    last_step "fold", instead folded onto a 3^s core (models/trivance_fold.hpp),
///    exact for every n at one step more;
/// B: reduce-scatter along one time-respecting reduction in-tree per block
///    (SPEC §3's displacement construction; for n = 3^s it yields the
///    balanced-ternary block sets), then the all-gather as its time reversal.
Schedule generate_trivance(const GeneratorRequest& request);
/// The published L form as rank 0's two messages per step (it is rotation symmetric).
RotationOrbit trivance_latency_orbit(const GeneratorRequest& request);

/// For each displacement x = rank - owner in [0, n): the reduce-scatter step
/// at which x sends its partial towards the owner (-1 for the owner itself)
/// and the direction (+1: towards x + d, -1: towards x - d).
struct ReductionTree {
    std::vector<int> send_step;
    std::vector<int> direction;
};
/// The B form's in-tree over displacements for distances `distances`.
ReductionTree trivance_reduction_tree(int n, const std::vector<int>& distances);

}  // namespace trivcheck
