#include "proofs/smt_structure.hpp"

#include <stdexcept>

#include "checker/execution/reference_bounds.hpp"
#include "checker/execution/reference_replay.hpp"

namespace trivcheck::proofs {

namespace {

Violation violation_from_reference(const ReferenceViolation& found) {
    Violation violation;
    violation.kind = found.kind;
    violation.detail = found.where;
    return violation;
}

}  // namespace

StructureOutcome check_structure(const Schedule& schedule) {
    StructureOutcome outcome;
    std::optional<std::string> found;
    try {
        if (const std::optional<ReferenceViolation> reference = reference_violation(schedule)) {
            outcome.violation = violation_from_reference(*reference);
            found = reference->words();
        }
    } catch (const std::length_error&) {
        outcome.unchecked = "ports and unheld sends (too large for the reference replay)";
    }
    if (!found && schedule.bounds) {
        if (schedule.topology.kind == TopologyKind::ring) {
            found = reference_bound_violation(schedule, *schedule.bounds);
            if (found) {
                outcome.violation.emplace();
                outcome.violation->kind = ViolationKind::bound_exceeded;
                outcome.violation->detail = *found;
            }
        } else {
            if (!outcome.unchecked.empty()) outcome.unchecked += "; ";
            outcome.unchecked += std::string("declared bounds (the reference walk knows rings, "
                                             "not a ") +
                                 to_string(schedule.topology.kind) + ")";
        }
    }
    const std::string scope = "ports, unheld sends and declared bounds by the reference replay "
                              "and bounds walk (independent of the symbolic executor)";
    if (found) {
        outcome.check = {Verdict::violated, scope + ": " + *found};
    } else if (!outcome.unchecked.empty()) {
        outcome.check = {Verdict::not_applicable, "not checked: " + outcome.unchecked};
    } else {
        outcome.check = {Verdict::holds, scope};
    }
    return outcome;
}

std::string add_structure_check(const Schedule& schedule, Report& report) {
    StructureOutcome outcome = check_structure(schedule);
    const bool counts_violated = report.verdict == Verdict::violated;
    if (counts_violated && outcome.violation &&
        (outcome.violation->kind == ViolationKind::double_count ||
         outcome.violation->kind == ViolationKind::missing)) {
        // The replay stopped at the count violation Z3 already reported.
        report.checks["structure"] = {Verdict::not_applicable,
                                      "the reference replay stopped at the count violation"};
        return outcome.unchecked;
    }
    report.checks["structure"] = outcome.check;
    if (outcome.violation) {
        report.verdict = Verdict::violated;
        ++report.violation_counts[outcome.violation->kind];
        report.violations.push_back(std::move(*outcome.violation));
    }
    return outcome.unchecked;
}

}  // namespace trivcheck::proofs
