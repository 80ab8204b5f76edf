#pragma once
#include <cstdint>
#include <optional>

#include "models/trivance/trivance_b_search.hpp"

namespace trivcheck {

/// Largest ring the partial-step search handles (its reached sets are two words).
inline constexpr int partial_search_most_ranks = 128;

/// Branch and bound over the whole space of SPEC.md §8 (docs/trivance-b.md,
/// "Partial steps"): ceil(log3 n) steps, each with distances d+, d- in
/// [0, n/2] and, each way, any subset of the placed displacements adopting a
/// child not yet placed (so every tree it builds is exact and rotation
/// symmetric); a step costs max(d+ c+, d- c-). Starts from `incumbent` and
/// returns the least (ties keep the incumbent, so a full plan stays full);
/// nothing when more than `node_limit` steps would be costed or n is above
/// partial_search_most_ranks. Pruned only by valid bounds: a reached set at
/// least as large never costs more to finish (so a step adds a maximal set
/// for its cost), each step at most triples what is placed, the rest costs at
/// least half the unplaced count and at least the farthest unplaced
/// displacement's ring distance from the placed ones, and a reached set met
/// again (or its mirror image) at no lower cost is not searched twice.
std::optional<PlanSearchResult> partial_step_plan_search(const PlanSearchResult& incumbent,
                                                         std::int64_t node_limit);

}  // namespace trivcheck
