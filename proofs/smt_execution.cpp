#include "proofs/smt_execution.hpp"

#include <algorithm>
#include <cassert>

#include "checker/execution/report_header.hpp"
#include "models/generator.hpp"
#include "proofs/count_terms.hpp"
#include "proofs/first_satisfiable.hpp"
#include "proofs/solver.hpp"

namespace trivcheck::proofs {

namespace {

/// The count the postcondition requires of `block` at `rank`, or nullopt when
/// it requires nothing there (reduce_scatter away from the owner).
std::optional<z3::expr> required_count(const Schedule& schedule, const CountTerms& terms, int rank,
                                       int block) {
    z3::context& context = terms.contributor().ctx();
    const int owner = schedule.owner_of_block(block);
    switch (schedule.collective) {
        case Collective::allreduce:
            return context.int_val(1);
        case Collective::reduce_scatter:
            if (rank != owner) return std::nullopt;
            return context.int_val(1);
        case Collective::allgather:
            // The owner's contribution once, nothing else.
            return terms.is_contributor(owner);
    }
    return std::nullopt;
}

/// A (rank, block) the question is about, and the condition that its count
/// of the contributor is wrong.
struct Case {
    int rank;
    int block;
    z3::expr wrong;
    /// Index in CountTerms::reductions(); -1 for the final state.
    int reduction;
};

/// One question per step with a reduction, then one about the final
/// state (step K), in that order, each with its cases in (rank, block) order:
/// the first satisfiable case of the first question that has one is the first
/// violation.
struct Question {
    int step;
    std::vector<Case> cases;
};

/// Each case is flattened to one linear sum over the contributor's
/// indicators, so that the arithmetic solver gets one row per case rather
/// than one per sum node of the DAG below it.
std::vector<Question> questions(const Schedule& schedule, const CountTerms& terms) {
    std::vector<Question> asked;
    const std::vector<ReductionTerm>& reductions = terms.reductions();
    for (std::size_t i = 0; i < reductions.size(); ++i) {
        const ReductionTerm& reduction = reductions[i];
        if (asked.empty() || asked.back().step != reduction.step)
            asked.push_back({reduction.step, {}});
        asked.back().cases.push_back({reduction.rank, reduction.block,
                                      (reduction.count >= 2).simplify(), static_cast<int>(i)});
    }
    Question final_state{static_cast<int>(schedule.steps.size()), {}};
    for (int r = 0; r < schedule.ranks; ++r)
        for (int b = 0; b < schedule.blocks; ++b)
            if (const auto required = required_count(schedule, terms, r, b))
                final_state.cases.push_back(
                    {r, b, (terms.final_count(r, b) != *required).simplify(), -1});
    asked.push_back(std::move(final_state));
    return asked;
}

/// The violation the model shows in `found` at `step`, in the schedule's own terms.
CountViolation describe(const Schedule& schedule, const CountTerms& terms, int step,
                        const Case& found, int contributor, const z3::model& model) {
    CountViolation violation;
    violation.step = step;
    violation.rank = found.rank;
    violation.block = found.block;
    violation.contributor = contributor;
    if (violation.step == static_cast<int>(schedule.steps.size())) {
        violation.kind = ViolationKind::missing;
        violation.count = model_integer(model, terms.final_count(violation.rank, violation.block));
        violation.required =
            model_integer(model, *required_count(schedule, terms, violation.rank, violation.block));
        return violation;
    }
    violation.kind = ViolationKind::double_count;
    assert(found.reduction >= 0);
    const ReductionTerm& reduction = terms.reductions()[static_cast<std::size_t>(found.reduction)];
    violation.count = model_integer(model, reduction.count);
    violation.required = 1;
    for (const CountInput& input : reduction.inputs) {
        if (model_integer(model, input.count) == 0) continue;
        if (input.local >= 0)
            violation.local_operations.push_back(input.local);
        else if (input.transfer < 0 || input.copy)
            violation.base_carried = true;
        else
            violation.transfers.push_back(
                {violation.step, input.transfer, input.src, violation.rank});
    }
    return violation;
}

}  // namespace

void refuse_too_large_for_smt(const Schedule& schedule) {
    if (schedule.ranks > smt_engine_rank_limit)
        throw NotApplicable("the smt engine checks at most " +
                            std::to_string(smt_engine_rank_limit) + " ranks; " + schedule.name +
                            " has " + std::to_string(schedule.ranks) + " (use --engine symbolic)");
    if (schedule.blocks > smt_engine_block_limit)
        throw NotApplicable("the smt engine checks at most " +
                            std::to_string(smt_engine_block_limit) + " blocks; " + schedule.name +
                            " has " + std::to_string(schedule.blocks) + " (use --engine symbolic)");
}

SmtExecution smt_execute(const Schedule& schedule, const SolverSettings& settings) {
    refuse_too_large_for_smt(schedule);
    z3::context context;
    return smt_execute(schedule, settings, context);
}

SmtExecution smt_execute(const Schedule& schedule, const SolverSettings& settings,
                         z3::context& context) {
    refuse_too_large_for_smt(schedule);
    const CountTerms terms(context, schedule);
    Solver solver(context, settings, "QF_LIA");
    solver.add(terms.contributor_domain());
    SmtExecution execution;
    auto gave_up = [&](const Answer& answer) {
        execution.verdict = QueryVerdict::unknown;
        execution.unknown_reason = answer.reason();
        return execution;
    };
    for (const Question& question : questions(schedule, terms)) {
        std::vector<z3::expr> cells;
        for (const Case& item : question.cases) cells.push_back(item.wrong);
        const FirstSatisfiable cell = first_satisfiable(solver, cells);
        if (cell.answer.verdict() == QueryVerdict::unknown) return gave_up(cell.answer);
        if (cell.answer.verdict() == QueryVerdict::holds) continue;
        std::vector<z3::expr> contributors;
        for (int x = 0; x < schedule.ranks; ++x)
            contributors.push_back(cells[cell.index] && terms.is_contributor(x) == 1);
        // The cell's model already names a contributor: the search starts below it.
        const FirstSatisfiable who = first_satisfiable(solver, contributors, &cell.answer);
        if (who.answer.verdict() == QueryVerdict::unknown) return gave_up(who.answer);
        assert(who.answer.verdict() == QueryVerdict::violated);
        const Case& found = question.cases[cell.index];
        execution.verdict = QueryVerdict::violated;
        execution.first = describe(schedule, terms, question.step, found,
                                   static_cast<int>(who.index), who.answer.model());
        return execution;
    }
    execution.verdict = QueryVerdict::holds;
    return execution;
}

Report smt_report(const Schedule& schedule, const SmtExecution& execution) {
    assert(execution.verdict != QueryVerdict::unknown);
    Report report = report_header(schedule);
    report.verdict = execution.verdict == QueryVerdict::holds ? trivcheck::Verdict::holds
                                                              : trivcheck::Verdict::violated;
    const std::string scope =
        "Z3 over the contribution counts of every rank, block and contributor";
    report.checks["exactly_once"] = {
        report.verdict, execution.first ? scope +
                                              "; the first wrong one in (step, local before "
                                              "arrival, rank, block, contributor) order"
                                        : scope};
    report.checks["structure"] = {trivcheck::Verdict::not_applicable,
                                  "ports, unheld sends and declared bounds are not checked by the "
                                  "smt engine; run --engine symbolic"};
    if (!execution.first) return report;
    const CountViolation& first = *execution.first;
    Violation violation;
    violation.kind = first.kind;
    violation.rank = first.rank;
    violation.block = first.block;
    violation.contributor = first.contributor;
    const std::string counted = "rank " + std::to_string(first.rank) + " counts contribution " +
                                std::to_string(first.contributor) + " of block " +
                                std::to_string(first.block) + " " + std::to_string(first.count) +
                                (first.count == 1 ? " time" : " times");
    if (first.kind == ViolationKind::double_count) {
        violation.step = first.step;
        violation.copies = static_cast<int>(first.count);
        violation.transfers = first.transfers;
        violation.detail = counted + " after step " + std::to_string(first.step) +
                           (first.base_carried ? " (its own partial holds one copy)" : "");
        for (int local : first.local_operations)
            violation.detail += "; its local operation " + std::to_string(local) + " of step " +
                                std::to_string(first.step) + " adds one copy";
    } else {
        violation.step = -1;
        violation.detail = counted + " at the end; the " + to_string(schedule.collective) +
                           " postcondition requires " + std::to_string(first.required);
    }
    report.violation_counts[violation.kind] = 1;
    report.violations.push_back(std::move(violation));
    return report;
}

}  // namespace trivcheck::proofs
