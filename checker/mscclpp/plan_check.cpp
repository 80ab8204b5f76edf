#include "checker/mscclpp/plan_check.hpp"

#include <limits>

#include "checker/core/usable_cores.hpp"
#include "checker/msccl/violation_sink.hpp"
#include "checker/mscclpp/one_sided_run.hpp"
#include "checker/mscclpp/plan_postconditions.hpp"
#include "checker/mscclpp/plan_steps.hpp"
#include "checker/mscclpp/violation_kinds.hpp"

namespace trivcheck::mscclpp {

namespace {

CheckOutcome outcome(const msccl::ViolationSink& violations,
                     std::initializer_list<ViolationKind> kinds_checked) {
    for (const ViolationKind kind : kinds_checked)
        if (violations.counts().contains(kind)) return {Verdict::violated, ""};
    return {Verdict::holds, ""};
}

/// Moves the violations of the `allowed` kinds out of `report`'s counts and
/// violations into its `allowed` ones; a check they alone violated holds,
/// its reason naming them.
void set_aside_allowed(std::span<const ViolationKind> allowed, Report& report) {
    for (const ViolationKind kind : allowed) {
        const auto count = report.violation_counts.find(kind);
        if (count == report.violation_counts.end()) continue;
        report.allowed_counts[kind] = count->second;
        report.violation_counts.erase(count);
    }
    if (report.allowed_counts.empty()) return;
    std::erase_if(report.violations, [&](Violation& violation) {
        if (!report.allowed_counts.contains(violation.kind)) return false;
        report.allowed.push_back(std::move(violation));
        return true;
    });
    CheckOutcome& stale = report.checks["stale_reads"];
    const auto publications = report.allowed_counts.find(kinds::relaxed_publication);
    if (publications != report.allowed_counts.end() &&
        !report.violation_counts.contains(kinds::stale_read))
        stale = {Verdict::holds, "allowed (check --allow relaxed_publication): " +
                                     std::to_string(publications->second) +
                                     " relaxed publications"};
}

}  // namespace

Report check_plan(const Plan& plan, int max_recorded_violations,
                  std::span<const ViolationKind> allowed) {
    const CellLayout cells(plan, pieces_per_chunk(plan));
    msccl::ViolationSink violations(max_recorded_violations);
    // The cells on a thread beside the run only where a second core is to run it.
    const RunResult run = run_plan(
        plan, cells, violations,
        usable_cores() > 1 ? cells_beside_by_default : std::numeric_limits<std::int64_t>::max());
    const bool postcondition = has_postcondition(plan);
    int reduction_depth = 0;
    // Rank consistency is a named check, not a failure of the collective: a
    // sum added in different orders on different gpus is still the sum.
    msccl::ViolationSink consistency(1);
    if (run.completed && postcondition) {
        check_plan_postconditions(plan, cells, run, violations);
        reduction_depth = check_rank_consistency(plan, cells, run, consistency);
    }

    Report report;
    report.name = plan.name;
    report.algo = "mscclpp";
    report.ranks = static_cast<int>(plan.gpus.size());
    report.topology = "mscclpp:" + std::to_string(plan.gpus.size());
    report.checks["races"] = outcome(violations, {kinds::race});
    report.checks["stale_reads"] =
        outcome(violations, {kinds::stale_read, kinds::relaxed_publication});
    report.checks["deadlock_free"] =
        outcome(violations, {kinds::deadlock, kinds::packet_unwritten});
    report.checks["signal_counts"] = outcome(violations, {kinds::signal_count_mismatch});
    if (!postcondition) {
        report.checks["postcondition"] = {
            Verdict::not_applicable,
            is_known_collective(plan.collective)
                ? "no postcondition for collective \"" + plan.collective + "\""
                : "none (unknown collective \"" + plan.collective + "\")"};
    } else if (!run.completed) {
        report.checks["postcondition"] = {Verdict::not_applicable, "the run does not complete"};
    } else {
        report.checks["postcondition"] = outcome(
            violations, {kinds::missing, kinds::double_count, kinds::unexpected_contribution});
    }
    if (plan.collective != "allreduce" || !run.completed)
        report.checks["rank_consistency"] = {Verdict::not_applicable,
                                             "all-reduce plans that complete only"};
    else if (consistency.recorded().empty())
        report.checks["rank_consistency"] = {Verdict::holds, ""};
    else
        report.checks["rank_consistency"] = {Verdict::violated,
                                             consistency.recorded().front().detail};
    report.violations = violations.recorded();
    report.violation_counts = violations.counts();
    set_aside_allowed(allowed, report);
    report.verdict = report.violation_counts.empty() ? Verdict::holds : Verdict::violated;

    AsynchronousFigures figures;
    figures.format = "MSCCL++";
    figures.collective = plan.collective;
    figures.protocol = plan.protocol;
    figures.buffer_chunks = buffer_chunks(plan);
    figures.thread_blocks = run.figures.thread_blocks;
    figures.most_thread_blocks_per_gpu = run.figures.most_thread_blocks_per_gpu;
    for (const Gpu& gpu : plan.gpus)
        figures.channels += static_cast<int>(gpu.memory_channels.size() + gpu.port_channels.size());
    figures.steps_total = run.figures.steps;
    figures.critical_path = run.figures.critical_path;
    report.asynchronous = figures;
    MscclppFigures synchronization = run.figures.synchronization;
    synchronization.pieces_per_chunk = cells.pieces();
    synchronization.reduction_depth = reduction_depth;
    synchronization.pipeline_iterations = has_pipeline(plan) ? pipeline_iterations : 0;
    report.mscclpp = synchronization;
    return report;
}

}  // namespace trivcheck::mscclpp
