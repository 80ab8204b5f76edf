#include "checker/search/mutation_score.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "checker/execution/executor.hpp"
#include "checker/execution/reference_bounds.hpp"
#include "checker/execution/reference_replay.hpp"
#include "checker/explanations/check.hpp"
#include "checker/search/mutant_shrink.hpp"
#include "checker/search/observable_behaviour.hpp"

namespace trivcheck {

namespace {

/// Mutants go straight to the executor, which trusts its input: an operator
/// that made an ill-formed schedule is a bug in the operator, not a finding.
void require_well_formed(const Schedule& schedule, const std::string& operator_name) {
    for (const Step& step : schedule.steps)
        for (const Transfer& transfer : step.transfers) {
            const bool ranks_ok = transfer.src >= 0 && transfer.src < schedule.ranks &&
                                  transfer.dst >= 0 && transfer.dst < schedule.ranks &&
                                  transfer.src != transfer.dst;
            if (!ranks_ok || transfer.blocks.empty() ||
                transfer.blocks.modulus() != schedule.blocks)
                throw std::logic_error("mutation operator " + operator_name +
                                       " made an ill-formed transfer in " + schedule.name);
        }
}

/// What the oracle finds wrong with a mutant: the reference replay for
/// correctness, the reference walk for its declared bounds.
struct OracleOpinion {
    std::optional<std::string> correctness;
    std::optional<std::string> bound;
    /// Too large for the reference replay: nothing could be confirmed.
    bool undecided = false;
};

OracleOpinion second_opinion(const Schedule& schedule) {
    OracleOpinion opinion;
    try {
        if (auto violation = reference_violation(schedule))
            opinion.correctness = "the reference replay finds " + violation->words();
    } catch (const std::length_error&) {
        opinion.undecided = true;
    }
    if (schedule.bounds)
        if (auto exceeded = reference_bound_violation(schedule, *schedule.bounds))
            opinion.bound = "the reference bounds walk finds " + *exceeded;
    return opinion;
}

/// A caught mutant's kind, cause, and the smallest n its mistake fails at.
CaughtMutant shrink_over_n(const GeneratorRequest& request, const Schedule& original,
                           const MutationOperator& op, const Mutant& mutant, bool declare_bounds) {
    CaughtMutant caught{original.ranks, mutant.site, "", "", original.ranks};
    const Report report = check_schedule(mutant.schedule);
    if (report.violations.empty()) return caught;
    const auto signature = signature_of(report, report.violations.front().kind, true);
    caught.kind = to_string(signature->kind);
    caught.cause = signature->cause;
    const MutantSizeSearch search =
        smallest_failing_mutant(request, original, op, mutant.place, *signature, declare_bounds);
    if (search.smallest) caught.smallest_n = search.smallest->n;
    return caught;
}

}  // namespace

const char* to_string(MutantFate fate) {
    switch (fate) {
        case MutantFate::caught:
            return "caught";
        case MutantFate::false_alarm:
            return "false_alarm";
        case MutantFate::unconfirmed:
            return "unconfirmed";
        case MutantFate::equivalent:
            return "equivalent";
        case MutantFate::valid_alternative:
            return "valid_alternative";
        case MutantFate::survived:
            return "survived";
    }
    return "survived";
}

double OperatorTally::score() const {
    const int mistakes = caught + survived;
    return mistakes == 0 ? 1.0 : static_cast<double>(caught) / mistakes;
}

double OperatorTally::strict_score() const {
    const int relevant = made - equivalent - unconfirmed;
    return relevant == 0 ? 1.0 : static_cast<double>(caught) / relevant;
}

Bounds declared_bounds(const Report& report, std::size_t step_count) {
    Bounds bounds;
    bounds.steps = report.steps();
    std::int64_t most_chunks = 0;
    double most_bytes = 0;
    for (const StepFigures& figures : report.per_step) {
        bounds.link_chunks.push_back(figures.link_chunks_max);
        bounds.link_bytes.push_back(report.blocks_to_m(figures.link_blocks_max));
        most_chunks = std::max(most_chunks, figures.link_chunks_max);
        most_bytes = std::max(most_bytes, bounds.link_bytes.back());
    }
    bounds.link_chunks.resize(std::max(step_count, bounds.link_chunks.size()), most_chunks);
    bounds.link_bytes.resize(std::max(step_count, bounds.link_bytes.size()), most_bytes);
    double most_phase = 0;
    for (const auto& [phase, bytes] : report.phase_bytes)
        most_phase = std::max(most_phase, report.blocks_to_m(bytes.max_blocks));
    bounds.bytes_per_rank_per_phase = most_phase;
    bounds.theta = report.theta;
    return bounds;
}

void score_mutants(const Schedule& original, int sites, bool declare_bounds,
                   std::vector<OperatorTally>& tallies, const GeneratorRequest* request) {
    const auto& operators = mutation_operators();
    if (tallies.empty())
        for (const MutationOperator& op : operators) {
            OperatorTally tally;
            tally.name = op.name;
            tally.mistake = op.mistake;
            tallies.push_back(std::move(tally));
        }
    ExecuteOptions quick;
    quick.max_recorded_violations = 1;
    quick.max_traced_violations = 0;
    const Report measured = execute(original, quick);
    Schedule reference = original;
    if (declare_bounds) reference.bounds = declared_bounds(measured, original.steps.size());
    // The original's behaviour is needed only when some mutant is not caught.
    std::unique_ptr<ObservableBehaviour> reference_behaviour;

    for (std::size_t o = 0; o < operators.size(); ++o) {
        OperatorTally& tally = tallies[o];
        for (Mutant& mutant : operators[o].mutate(original, sites)) {
            require_well_formed(mutant.schedule, operators[o].name);
            ++tally.made;
            UncaughtMutant record{original.ranks, mutant.site, MutantFate::equivalent, ""};
            if (same_transfers(mutant.schedule, original)) {
                ++tally.equivalent;
                record.reason = "identical schedule";
                tally.uncaught.push_back(std::move(record));
                continue;
            }
            if (declare_bounds)
                mutant.schedule.bounds = declared_bounds(measured, mutant.schedule.steps.size());
            const Report report = execute(mutant.schedule, quick);
            const OracleOpinion oracle = second_opinion(mutant.schedule);
            if (report.verdict == Verdict::violated) {
                bool correctness = false;
                bool bound = false;
                for (const auto& [kind, count] : report.violation_counts) {
                    correctness = correctness || kind != ViolationKind::bound_exceeded;
                    bound = bound || kind == ViolationKind::bound_exceeded;
                }
                record.fate = MutantFate::caught;
                if (oracle.undecided && !oracle.bound) {
                    record.fate = MutantFate::unconfirmed;
                    record.reason = "rejected, but too large for the reference replay to confirm";
                } else if (correctness && !oracle.correctness && !oracle.undecided) {
                    record.fate = MutantFate::false_alarm;
                    record.reason = "the checker reports " +
                                    std::string(to_string(report.violations.at(0).kind)) +
                                    " but the reference replay finds the mutant correct";
                } else if (!correctness && bound && !oracle.bound) {
                    record.fate = MutantFate::false_alarm;
                    record.reason = "the checker reports bound_exceeded (" +
                                    report.violations.at(0).detail +
                                    ") but the reference bounds walk finds every bound held";
                }
                if (record.fate == MutantFate::caught) {
                    if (request)
                        tally.caught_mutants.push_back(shrink_over_n(
                            *request, original, operators[o], mutant, declare_bounds));
                    ++tally.caught;
                    for (const auto& [kind, count] : report.violation_counts)
                        ++tally.kinds[std::string(to_string(kind))];
                    tally.caught_by_correctness += correctness ? 1 : 0;
                    continue;
                }
                ++(record.fate == MutantFate::false_alarm ? tally.false_alarm : tally.unconfirmed);
                tally.uncaught.push_back(std::move(record));
                continue;
            }
            if (!reference_behaviour)
                reference_behaviour = std::make_unique<ObservableBehaviour>(observe(reference));
            const auto difference =
                first_difference(*reference_behaviour, observe(mutant.schedule));
            if (!difference) {
                ++tally.equivalent;
                record.reason =
                    "same verdict, figures, link loads, per-rank traffic and final state";
            } else if (oracle.correctness || oracle.bound || oracle.undecided) {
                ++tally.survived;
                record.fate = MutantFate::survived;
                record.reason =
                    "the checker accepts it but " +
                    (oracle.correctness ? *oracle.correctness
                     : oracle.bound     ? *oracle.bound
                                        : std::string("it is too large for the reference replay "
                                                          "to confirm"));
            } else {
                ++tally.valid_alternative;
                record.fate = MutantFate::valid_alternative;
                record.reason = std::string("correct (confirmed by the reference replay)") +
                                (declare_bounds ? " and within the declared bounds (confirmed "
                                                  "by the reference bounds walk)"
                                                : "") +
                                "; differs by " + *difference;
            }
            tally.uncaught.push_back(std::move(record));
        }
    }
}

}  // namespace trivcheck
