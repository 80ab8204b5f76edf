#include "checker/explanations/violation_cause.hpp"

#include <algorithm>

#include "checker/explanations/contribution_journey.hpp"

namespace trivcheck {

namespace {

std::string double_count_cause(const Violation& violation) {
    if (violation.paths.empty()) return "unexplained";
    // A copy whose journey ended before the reducing step sat in the receiver's partial.
    const bool held = std::any_of(
        violation.paths.begin(), violation.paths.end(),
        [&](const Path& path) { return path.empty() || path.back().step < violation.step; });
    return held ? "already_held" : "arrives_twice";
}

}  // namespace

std::string violation_cause(const Violation& violation) {
    const Explanation& explanation = violation.explanation;
    if (violation.kind == ViolationKind::missing)
        return explanation.last_holders.empty() ? "unexplained"
                                                : missing_cause(explanation.last_holders.front());
    if (violation.kind == ViolationKind::send_unheld) {
        if (!explanation.sender_explained || explanation.first_held_after.empty())
            return "unexplained";
        return explanation.first_held_after.front() < 0 ? "never_held" : "sent_early";
    }
    if (violation.kind == ViolationKind::double_count) return double_count_cause(violation);
    if (violation.kind == ViolationKind::port_overuse) {
        // The overusing transfers all end at the rank when it receives too many.
        const bool receives =
            !violation.transfers.empty() && violation.transfers.front().dst == violation.rank;
        return receives ? "too_many_receives" : "too_many_sends";
    }
    if (violation.kind == ViolationKind::bound_exceeded)
        return explanation.bound ? explanation.bound->bound : "unexplained";
    return "";
}

}  // namespace trivcheck
