#include "checker/execution/bounds_check.hpp"

#include <charconv>
#include <string>

namespace trivcheck {

namespace {

template <class Value>
Value bound_for_step(const std::vector<Value>& values, int step) {
    return values.size() == 1 ? values[0] : values[static_cast<std::size_t>(step)];
}

Violation exceeded(int step, const std::string& what, double bound, double measured,
                   const std::string& where) {
    Violation violation;
    violation.kind = ViolationKind::bound_exceeded;
    violation.step = step;
    violation.detail =
        what + " bound " + shortest_text(bound) + ", measured " + shortest_text(measured) + where;
    return violation;
}

}  // namespace

std::string shortest_text(double value) {
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    return std::string(text, end);
}

std::vector<Violation> check_bounds(const Bounds& bounds, const Report& report) {
    std::vector<Violation> violations;
    if (bounds.steps && report.steps() > *bounds.steps)
        violations.push_back(exceeded(-1, "steps", *bounds.steps, report.steps(), ""));
    for (const StepFigures& figures : report.per_step) {
        const std::string where =
            " on link " + figures.busiest_link + " in step " + std::to_string(figures.step);
        if (!bounds.link_chunks.empty()) {
            const auto bound = bound_for_step(bounds.link_chunks, figures.step);
            if (figures.link_chunks_max > bound)
                violations.push_back(exceeded(figures.step, "link_chunks",
                                              static_cast<double>(bound),
                                              static_cast<double>(figures.link_chunks_max), where));
        }
        if (!bounds.link_bytes.empty()) {
            const double bound = bound_for_step(bounds.link_bytes, figures.step);
            const double measured = report.blocks_to_m(figures.link_blocks_max);
            if (measured > bound)
                violations.push_back(exceeded(figures.step, "link_bytes", bound, measured, where));
        }
    }
    if (bounds.bytes_per_rank_per_phase)
        for (const auto& [phase, bytes] : report.phase_bytes) {
            const double measured = report.blocks_to_m(bytes.max_blocks);
            if (measured > *bounds.bytes_per_rank_per_phase)
                violations.push_back(exceeded(-1, "bytes_per_rank_per_phase",
                                              *bounds.bytes_per_rank_per_phase, measured,
                                              " in phase " + phase));
        }
    if (bounds.theta && report.theta > *bounds.theta)
        violations.push_back(exceeded(-1, "theta", *bounds.theta, report.theta, ""));
    return violations;
}

}  // namespace trivcheck
