#pragma once
#include <optional>

#include "checker/core/report.hpp"
#include "checker/search/failure_signature.hpp"
#include "checker/search/mutation.hpp"
#include "checker/search/schedule_shrink.hpp"
#include "models/generator.hpp"

namespace trivcheck {

/// `place` of a mutation of `original` carried to `target`, the same
/// generator's schedule at another n (docs/counterexamples.md):
/// * the step: the same phase at the same offset from the boundary between
///   the reduction and the all-gather (the first all-gather step, or the end
///   of a schedule without one), reduction steps counted back from it and
///   all-gather steps forward, so the last reduce-scatter step stays the last
///   and the all-gather step that mirrors a reduce-scatter step still does;
/// * the transfer: the first of that step sent by rank src mod n' the same
///   way round (the sign of its ring displacement);
/// * the variant unchanged.
/// nullopt when `target` has no such step or transfer.
std::optional<MutationPlace> carry_place(const Schedule& original, const MutationPlace& place,
                                         const Schedule& target);

/// One of mutate's mistakes, recognised in a schedule.
struct RecognisedMutation {
    const MutationOperator* op = nullptr;
    Mutant mutant;
};

/// The operator and place whose mutant of `original` has the same transfers
/// as `schedule`, step by step (same_transfers), trying every operator (in
/// catalogue order) at every place in the steps where the two differ (a
/// mistake always changes its own step); nullopt when none does, or when
/// trying them would visit more than about 10^9 transfers.
std::optional<RecognisedMutation> recognise_mutation(const Schedule& original,
                                                     const Schedule& schedule);

/// A mistake carried to a smaller n: the generator's schedule there, the
/// mutant, and the mutant's report.
struct CarriedMutant {
    int n = 0;
    Schedule original;
    Mutant mutant;
    Report report;
};

/// What the search over smaller n found.
struct MutantSizeSearch {
    /// The smallest n' < n whose carried mutant fails as the signature says;
    /// nullopt when none does (n itself is the smallest).
    std::optional<CarriedMutant> smallest;
    /// Sizes at which the mistake could be carried and the mutant was checked.
    int checked = 0;
};

/// Generates `request` (a ring of n ranks, whose schedule is `original`) at
/// each n' = 2, 3, ... below n (at most 512 of them) whose schedule holds, carries `op`'s mistake
/// from `place` to it (carry_place), and stops at the first n' whose mutant
/// fails as `signature`: same kind, same cause, enough cells right. With
/// `declare_bounds`, each mutant declares its own n' original's figures as
/// bounds, as `trivcheck mutate` checks mutants.
MutantSizeSearch smallest_failing_mutant(const GeneratorRequest& request, const Schedule& original,
                                         const MutationOperator& op, const MutationPlace& place,
                                         const FailureSignature& signature, bool declare_bounds);

/// A generated mutant shrunk as structure allows: its n first, then delta
/// debugging of what changes no final value.
struct MutantShrink {
    /// The n search (search.smallest empty: no smaller n fails the same way).
    MutantSizeSearch search;
    /// The schedule delta debugging started from: the carried mutant at the
    /// smallest n, or the mutant itself.
    Schedule start;
    /// What delta debugging kept, the signature it kept it by (the start's
    /// own held share and final state), and its cost.
    ShrinkResult shrunk;
    FailureSignature kept;
};

/// smallest_failing_mutant, then, unless `delta` is false, shrink_schedule
/// of the result under `signature` tightened to the start's own held share
/// and final state: the mistake stays exactly as it acts, and only parts
/// whose removal changes no cell's final value go. `mutant` (of `original`,
/// which `request` generates) must fail as `signature` says.
MutantShrink shrink_mutant(const GeneratorRequest& request, const Schedule& original,
                           const MutationOperator& op, const Mutant& mutant,
                           const FailureSignature& signature, bool declare_bounds,
                           bool delta = true);

}  // namespace trivcheck
