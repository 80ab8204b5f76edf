#include "checker/execution/trivance_checks.hpp"

#include <string>
#include <vector>

#include "models/generator.hpp"
#include "models/ring_arithmetic.hpp"

namespace trivcheck {

void ArcObserver::after_step(int step, const ExecutionState& state) {
    const int n = state.ranks();
    const std::int64_t radius = (power(3, step + 1) - 1) / 2;
    // The arc -R .. R around each rank, in rank-relative coordinates.
    std::vector<Arc> expected;
    if (2 * radius + 1 >= n) {
        expected.push_back({0, n});
    } else {
        expected.push_back({0, static_cast<int>(radius) + 1});
        expected.push_back({n - static_cast<int>(radius), n});
    }
    bool exact = state.blocks() == 1;
    for (int r = 0; exact && r < n; ++r) {
        const auto arcs = state.sets().arcs(state.relative_value(r, 0));
        exact = std::equal(arcs.begin(), arcs.end(), expected.begin(), expected.end());
    }
    arcs_exact_.push_back(exact);
}

bool has_named_checks(const Schedule& schedule) {
    const AlgorithmInfo* algorithm = schedule_algorithm(schedule);
    return algorithm && algorithm->named_checks;
}

namespace {

CheckOutcome outcome(bool holds, std::string reason) {
    return {holds ? Verdict::holds : Verdict::violated, std::move(reason)};
}

CheckOutcome lemma_4_2(const ArcObserver& arcs, const Report& report) {
    if (report.blocks != 1)
        return {Verdict::not_applicable, "lemma 4.2 is about the latency-optimal form (one block)"};
    for (const StepFigures& figures : report.per_step) {
        const std::int64_t expected = power(3, figures.step + 1);
        if (figures.coverage_min != expected || figures.coverage_max != expected)
            return outcome(false, "coverage after step " + std::to_string(figures.step) + " is " +
                                      std::to_string(*figures.coverage_min) + ".." +
                                      std::to_string(*figures.coverage_max) + ", not " +
                                      std::to_string(expected));
        if (!arcs.arcs_exact()[static_cast<std::size_t>(figures.step)])
            return outcome(false, "after step " + std::to_string(figures.step) +
                                      " some rank does not hold its arc");
    }
    for (const Violation& violation : report.violations)
        if (violation.kind == ViolationKind::double_count)
            return outcome(false, "received arcs overlap (double_count)");
    return outcome(true,
                   "after step k every rank holds exactly the 3^(k+1) contributions r-R_k..r+R_k");
}

CheckOutcome lemma_4_1(const Report& report) {
    if (report.blocks == 1)
        return {Verdict::not_applicable, "lemma 4.1 is about the bandwidth-optimal form"};
    const std::int64_t n = report.ranks;
    for (const auto& [phase, bytes] : report.phase_bytes) {
        // m(1 - 1/n) bytes is (n - 1) / n of the blocks.
        const bool exact = bytes.min_blocks == bytes.max_blocks &&
                           bytes.max_blocks * n == std::int64_t{report.blocks} * (n - 1);
        if (!exact)
            return outcome(false, "phase " + phase + ": ranks send " +
                                      std::to_string(bytes.min_blocks) + ".." +
                                      std::to_string(bytes.max_blocks) + " of " +
                                      std::to_string(report.blocks) + " blocks");
    }
    return outcome(true, "every rank sends m(1 - 1/n) bytes in every phase");
}

/// The lemma's k for each step: the step's index in its phase, counted
/// backwards in an all-gather (the time reversal of the reduce-scatter).
std::vector<int> lemma_step_indices(const Report& report) {
    std::vector<int> indices(report.per_step.size());
    std::size_t first = 0;
    while (first < report.per_step.size()) {
        std::size_t end = first;
        while (end < report.per_step.size() &&
               report.per_step[end].phase == report.per_step[first].phase)
            ++end;
        const bool backwards = report.per_step[first].phase == "allgather";
        for (std::size_t i = first; i < end; ++i)
            indices[i] = static_cast<int>(backwards ? end - 1 - i : i - first);
        first = end;
    }
    return indices;
}

CheckOutcome congestion_3k(const Report& report) {
    const std::vector<int> indices = lemma_step_indices(report);
    for (std::size_t i = 0; i < report.per_step.size(); ++i) {
        const StepFigures& figures = report.per_step[i];
        const std::int64_t chunks = power(3, indices[i]);
        if (figures.link_chunks_min != chunks || figures.link_chunks_max != chunks)
            return outcome(false, "step " + std::to_string(figures.step) + " (k = " +
                                      std::to_string(indices[i]) + " in " + figures.phase +
                                      "): links carry " + std::to_string(figures.link_chunks_min) +
                                      ".." + std::to_string(figures.link_chunks_max) +
                                      " chunks, not 3^k = " + std::to_string(chunks));
    }
    return outcome(true, "in step k every directed link carries exactly 3^k chunks");
}

}  // namespace

void add_trivance_checks(const Schedule& schedule, const ArcObserver& arcs, Report& report) {
    if (!is_power_of(schedule.ranks, 3) || schedule.ranks < 3) {
        const CheckOutcome skipped{
            Verdict::not_applicable,
            "n = " + std::to_string(schedule.ranks) + " is not a power of 3"};
        report.checks["lemma_4_1"] = report.checks["lemma_4_2"] = report.checks["congestion_3k"] =
            skipped;
        return;
    }
    report.checks["lemma_4_1"] = lemma_4_1(report);
    if (schedule.topology.kind != TopologyKind::ring) {
        if (schedule.form == "L")
            report.checks["lemma_4_1"] = {Verdict::not_applicable,
                                          "lemma 4.1 is about the bandwidth-optimal form"};
        // Arcs and 3^k chunks on every link are ring facts: on a torus a step
        // uses some dimensions only (the torus figures show coverage and loads).
        report.checks["lemma_4_2"] = report.checks["congestion_3k"] = {
            Verdict::not_applicable, "a ring lemma; on a torus see the torus figures"};
        return;
    }
    report.checks["lemma_4_2"] = lemma_4_2(arcs, report);
    report.checks["congestion_3k"] = congestion_3k(report);
}

}  // namespace trivcheck
