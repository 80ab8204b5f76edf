#pragma once
#include <vector>

#include "models/generator.hpp"
#include "models/rotation_orbit.hpp"
#include "models/trivance/trivance_b_plan.hpp"
#include "models/trivance/trivance_tree.hpp"

namespace trivcheck {

/// Trivance distances (docs/model.md): d_k = 3^k for k < s, and when n is not a
/// power of 3 one last step at d = ceil((n - 3^s) / 2); ceil(log3 n) in all.
std::vector<int> trivance_distances(int n);

/// Trivance on a ring, both forms (docs/model.md, "Generated schedules"):
/// L: every step sends the whole accumulated vector to r - d_k and r + d_k,
///    exactly as published, including the shortened last step (which counts
///    contributions more than once when n is not a power of 3); with
///    last_step "fold", instead folded onto a 3^s core (models/trivance/trivance_fold.hpp),
///    exact for every n at one step more;
/// B: reduce-scatter along one time-respecting reduction in-tree per block
///    (the displacement construction of docs/model.md, models/trivance/trivance_tree.hpp, its
///    free direction choices made by request.tree; for n = 3^s it yields the
///    balanced-ternary block sets), then the all-gather as its time reversal.
Schedule generate_trivance(const GeneratorRequest& request);
/// Trivance B's schedule for `plan` on ring:n, free directions chosen by
/// `rule`. A plan that is not exact is built as written when every step is
/// partial (so a checker can say what it breaks); otherwise std::invalid_argument.
Schedule trivance_b_plan_schedule(const TrivanceBPlan& plan, TreeRule rule);
/// The published L form as rank 0's two messages per step (it is rotation symmetric).
RotationOrbit trivance_latency_orbit(const GeneratorRequest& request);

}  // namespace trivcheck
