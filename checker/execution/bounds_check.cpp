#include "checker/execution/bounds_check.hpp"

#include <cstdio>
#include <string>

namespace trivcheck {

namespace {

constexpr double tolerance = 1e-9;

std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

template <class Value>
Value bound_for_step(const std::vector<Value>& values, int step) {
    return values.size() == 1 ? values[0] : values[static_cast<std::size_t>(step)];
}

Violation exceeded(int step, const std::string& what, double bound, double measured,
                   const std::string& where) {
    Violation violation;
    violation.kind = ViolationKind::bound_exceeded;
    violation.step = step;
    violation.detail = what + " bound " + number(bound) + ", measured " + number(measured) + where;
    return violation;
}

}  // namespace

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
            if (measured > bound + tolerance)
                violations.push_back(exceeded(figures.step, "link_bytes", bound, measured, where));
        }
    }
    if (bounds.bytes_per_rank_per_phase)
        for (const auto& [phase, bytes] : report.phase_bytes) {
            const double measured = report.blocks_to_m(bytes.max_blocks);
            if (measured > *bounds.bytes_per_rank_per_phase + tolerance)
                violations.push_back(exceeded(-1, "bytes_per_rank_per_phase",
                                              *bounds.bytes_per_rank_per_phase, measured,
                                              " in phase " + phase));
        }
    if (bounds.theta && report.theta > *bounds.theta + tolerance)
        violations.push_back(exceeded(-1, "theta", *bounds.theta, report.theta, ""));
    return violations;
}

}  // namespace trivcheck
