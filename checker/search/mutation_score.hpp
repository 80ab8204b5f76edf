#pragma once
#include <map>
#include <string>
#include <vector>

#include "checker/core/report.hpp"
#include "checker/search/mutation.hpp"
#include "models/generator.hpp"

namespace trivcheck {

/// What became of one mutant.
enum class MutantFate {
    /// The checker reports a violation and the oracle confirms the mutant is
    /// wrong: the reference replay (reference_replay.hpp) finds a violation,
    /// or, for a rejection by a declared bound alone, the reference bounds walk
    /// (reference_bounds.hpp) finds a bound exceeded.
    caught,
    /// The checker reports a violation the oracle does not confirm: a
    /// correctness violation of a mutant the reference replay finds correct,
    /// or a bound of a mutant the reference walk finds within its bounds. A
    /// checker bug; never counted as caught.
    false_alarm,
    /// The checker rejects it but the mutant is too large for the reference
    /// replay to confirm: neither caught nor a false alarm, and left out of the score.
    unconfirmed,
    /// Nothing observable changed (observable_behaviour.hpp): not a bug, and
    /// never counted as caught.
    equivalent,
    /// Not caught, observably different, and correct: the checker accepts it
    /// and an independent exactly-once replay (reference_replay.hpp) confirms
    /// it, and it stays within every declared bound. A free choice made the
    /// other way (docs/model.md: Trivance B leaves some placements free), not a mistake.
    valid_alternative,
    /// Not caught although the reference replay finds it wrong, or cannot
    /// decide: a gap in the checker to investigate.
    survived,
};

/// "caught", "false_alarm", "unconfirmed", "equivalent", "valid_alternative", "survived".
const char* to_string(MutantFate fate);

/// A mutant that was not caught, with the reason, for the record.
struct UncaughtMutant {
    int n = 0;
    std::string site;
    MutantFate fate = MutantFate::survived;
    /// equivalent: why nothing observable changed; valid_alternative: what
    /// changed; survived: what the reference replay found; false_alarm: what
    /// the checker claimed that the oracle does not confirm.
    std::string reason;
};

/// A caught mutant, with the smallest n its mistake still fails at.
struct CaughtMutant {
    int n = 0;
    std::string site;
    /// The kind and cause (violation_cause) of its first violation.
    std::string kind;
    std::string cause;
    /// The smallest n at which the mistake, carried to the corresponding
    /// place (mutant_shrink.hpp), fails the same way; n when none smaller does.
    int smallest_n = 0;
};

/// One operator's results over every schedule it was applied to.
struct OperatorTally {
    std::string name;
    std::string mistake;
    int made = 0;
    int caught = 0;
    /// Caught by a correctness violation, not only by a declared bound.
    int caught_by_correctness = 0;
    int equivalent = 0;
    int valid_alternative = 0;
    int survived = 0;
    int false_alarm = 0;
    int unconfirmed = 0;
    /// Violation kind -> mutants that reported it.
    std::map<std::string, int> kinds;
    std::vector<UncaughtMutant> uncaught;
    /// Filled only when score_mutants is given the generator request.
    std::vector<CaughtMutant> caught_mutants;

    /// caught / (caught + survived): of the mutants the oracle confirms wrong,
    /// the share the checker rejected; 1 when there was no mistake to catch.
    double score() const;
    /// caught / (made - equivalent - unconfirmed): as if every valid
    /// alternative and every false alarm were a miss.
    double strict_score() const;
};

/// The bounds a CI gate declares for a schedule: its own measured steps,
/// per-step link chunks and bytes, bytes per rank per phase (the largest
/// phase) and theta. Per-step values past the report's steps repeat the
/// largest, so a mutant with more steps is judged by `steps` first.
Bounds declared_bounds(const Report& report, std::size_t step_count);

/// Applies every operator at up to `sites` places of `original` (a ring of
/// n ranks that holds) and adds each mutant's fate to `tallies` (one per
/// operator, in mutation_operators() order, created when empty). With
/// `declare_bounds`, mutants are checked as a CI gate checks a schedule
/// file that declares the original's figures as its bounds. Every verdict,
/// rejection or acceptance, is put to the oracle (reference replay and
/// reference bounds walk) before it counts.
/// With `request` (the generator and n that made `original`), every caught
/// mutant is also shrunk over n (smallest_failing_mutant) and listed in its
/// tally's caught_mutants.
void score_mutants(const Schedule& original, int sites, bool declare_bounds,
                   std::vector<OperatorTally>& tallies, const GeneratorRequest* request = nullptr);

}  // namespace trivcheck
