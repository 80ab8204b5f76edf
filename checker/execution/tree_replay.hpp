#pragma once
#include <optional>
#include <string>

#include "checker/core/rank_consistency.hpp"
#include "checker/core/reduction_trees.hpp"
#include "models/rotation_orbit.hpp"

namespace trivcheck {

/// The reduction trees a synchronous schedule ends with (docs/consistency.md).
/// A receiver adds what a step brings it to its own partial one message at a
/// time, in the order of the translation from it to the sender (on a ring
/// (src - dst) mod n: the nearest sender in the + direction first), so that
/// the rule is the same at every rank; a copy replaces the partial first. A
/// leaf is the contributor rank.
struct ScheduleTrees {
    ReductionTrees trees;
    /// Every rank's final tree of the blocks followed (for a reduce-scatter,
    /// the owner's only).
    FinalTrees finals;
};

/// Block deliveries and cells above which trees are not followed (each costs
/// about a hundred nanoseconds): in a rank orbit, and in a whole schedule
/// without one, whose deliveries grow as n^2 for B forms.
inline constexpr std::uint64_t kMostTreeDeliveries = std::uint64_t{1} << 22;
inline constexpr std::uint64_t kMostWholeTreeDeliveries = std::uint64_t{1} << 16;

/// The trees of `schedule` run whole, every block; nullopt above kMostTreeDeliveries.
std::optional<ScheduleTrees> replay_trees(const Schedule& schedule);
/// The trees of the schedule `orbit` stands for, without expanding it: the
/// blocks one per orbit of blocks (the others are their translations, with
/// translated trees), at every rank; nullopt above kMostTreeDeliveries.
std::optional<ScheduleTrees> replay_trees(const RotationOrbit& orbit);
/// The same for a model whose steps stand for their images under every
/// translation of `translations` in turn (XOR orbits, models/xor_symmetry.hpp).
std::optional<ScheduleTrees> replay_trees(const Schedule& model,
                                          const RankTranslations& translations);
/// The trees of a whole schedule, through its rank orbit (rotations, a
/// torus's translations, XOR) when `use_symmetry` and it has one; else
/// whole (the path the orbits are tested against), up to kMostTreeDeliveries
/// when it has a symmetry and kMostWholeTreeDeliveries when it has none.
std::optional<ScheduleTrees> schedule_trees(const Schedule& schedule, bool use_symmetry);

/// rank_consistency (an allreduce or allgather; not applicable to a
/// reduce-scatter, whose blocks each end at one rank) and reduction_depth of
/// `trees`, into `report`; both not applicable without trees.
void add_order_checks(const std::optional<ScheduleTrees>& trees, Collective collective,
                      Report& report);

}  // namespace trivcheck
