#pragma once
#include <vector>

#include "models/trivance/trivance_b_search.hpp"

namespace trivcheck {

/// Local search with partial steps (docs/trivance-b.md, "Partial steps"): a
/// plan is its distances plus, per step, the adoptions that step's full
/// adoption would make but it does not (dropped; a child neither parent
/// adopts is left to a later step's full adoption, which re-covers it). From
/// each start, a descent while Θ drops strictly, whose moves are: one step's
/// distance (+, - or both, the values local_plan_search tries); dropping at a
/// step every adoption one way, the other or both of the parents placed at
/// one coarser step (or the owner); dropping one child of a step's busier
/// side (when both sides are busiest, one such drop that costs nothing more
/// is taken, as the other side's next drop may lower the step); taking a drop
/// back. On rings of up to 200 a distance move is costed after those drops.
/// Then `kicks` times: two distances set at random (a fixed generator seeded
/// with n), the descent from there, kept when no costlier. The result is never
/// costlier than the cheapest start; steps whose drops change no child are
/// written full, the others partial (two-way children split as the balanced
/// rule splits them). Deterministic.
PlanSearchResult partial_step_descent(int n, const std::vector<TrivanceBPlan>& starts, int kicks);

/// Largest ring on which search_best_plan (synth --form B) runs the descent.
/// It costs little at any n (on sets, a costing is a few word operations a
/// step), but above, the plans it finds name hundreds to thousands of
/// adopters a step (n = 1,000: up to 1,266 characters of plan text, 4,000: up
/// to 6,897), which would make the stored table megabytes.
inline constexpr int partial_descent_most_ranks = 500;

/// The random restarts worth giving the descent for ring size n: 1,000 on
/// rings of up to partial_descent_most_ranks (milliseconds each), none above.
int descent_kicks(int n);

}  // namespace trivcheck
