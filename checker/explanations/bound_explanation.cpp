#include "checker/explanations/bound_explanation.hpp"

namespace trivcheck {

namespace {

template <class Value>
std::optional<double> limit_for_step(const std::vector<Value>& values, int step) {
    if (values.empty()) return std::nullopt;
    if (values.size() == 1) return static_cast<double>(values[0]);
    if (step < 0 || static_cast<std::size_t>(step) >= values.size()) return std::nullopt;
    return static_cast<double>(values[static_cast<std::size_t>(step)]);
}

}  // namespace

std::optional<BoundBreach> measure_bound_breach(const Schedule& schedule, const Report& report,
                                                const Violation& violation) {
    if (!schedule.bounds || violation.kind != ViolationKind::bound_exceeded) return std::nullopt;
    const Bounds& bounds = *schedule.bounds;
    // check_bounds starts every detail with the bound's name (checker/execution/bounds_check.cpp).
    BoundBreach breach;
    breach.bound = violation.detail.substr(0, violation.detail.find(' '));
    const StepFigures* figures = violation.step >= 0 && violation.step < report.steps()
                                     ? &report.per_step[static_cast<std::size_t>(violation.step)]
                                     : nullptr;
    std::optional<double> limit;
    if (breach.bound == "steps" && bounds.steps) {
        limit = *bounds.steps;
        breach.measured = report.steps();
    } else if (breach.bound == "theta" && bounds.theta) {
        limit = *bounds.theta;
        breach.measured = report.theta;
    } else if (breach.bound == "link_chunks" && figures) {
        limit = limit_for_step(bounds.link_chunks, violation.step);
        breach.measured = static_cast<double>(figures->link_chunks_max);
        breach.link = figures->busiest_link;
    } else if (breach.bound == "link_bytes" && figures) {
        limit = limit_for_step(bounds.link_bytes, violation.step);
        breach.measured = report.blocks_to_m(figures->link_blocks_max);
        breach.link = figures->busiest_link;
    } else if (breach.bound == "bytes_per_rank_per_phase" && bounds.bytes_per_rank_per_phase) {
        limit = *bounds.bytes_per_rank_per_phase;
        const std::string marker = " in phase ";
        const auto at = violation.detail.rfind(marker);
        if (at != std::string::npos) breach.phase = violation.detail.substr(at + marker.size());
        for (const auto& [phase, bytes] : report.phase_bytes)
            if (phase == breach.phase) breach.measured = report.blocks_to_m(bytes.max_blocks);
    }
    if (!limit) return std::nullopt;
    breach.limit = *limit;
    return breach;
}

}  // namespace trivcheck
