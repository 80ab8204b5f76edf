#include "checker/core/required_checks.hpp"

namespace trivcheck {

namespace {

/// Why `report` checked no postcondition, or nullopt when it checked one: an
/// MSCCL-IR program whose collective has none (and no --expect), an MSCCL++
/// plan whose collective trivcheck does not know or that has none (`test`).
/// A schedule always has one.
std::optional<std::string> missing_postcondition(const Report& report) {
    if (report.mscclpp) {
        const auto check = report.checks.find("postcondition");
        // checker/mscclpp/plan_check.cpp: "none (unknown collective ...)" or "no postcondition
        // for collective ..."; "the run does not complete" had one, and is violated already.
        if (check == report.checks.end() || check->second.verdict != Verdict::not_applicable ||
            !(check->second.reason.starts_with("none") ||
              check->second.reason.starts_with("no postcondition")))
            return std::nullopt;
        return check->second.reason;
    }
    if (report.asynchronous && report.asynchronous->postcondition == "none given")
        return "none given" +
               (report.asynchronous->postcondition_missing_reason.empty()
                    ? std::string()
                    : " (" + report.asynchronous->postcondition_missing_reason + ")");
    return std::nullopt;
}

/// The reason a required check failed, or nullopt when it did not.
std::optional<std::string> failed_check(const std::string& name, const Report& report) {
    if (name == to_string(ViolationKind::postcondition)) return missing_postcondition(report);
    const auto check = report.checks.find(name);
    if (check == report.checks.end() || check->second.verdict != Verdict::violated)
        return std::nullopt;
    return check->second.reason;
}

}  // namespace

void count_required_checks(const std::vector<std::string>& required, Report& report) {
    for (const std::string& name : required) {
        const std::optional<std::string> failed = failed_check(name, report);
        if (!failed) continue;
        const std::optional<ViolationKind> kind = violation_kind_named(name);
        if (!kind) continue;  // --require accepts the registry's named checks only
        Violation violation;
        violation.kind = *kind;
        violation.detail = *failed;
        report.violations.push_back(std::move(violation));
        ++report.violation_counts[*kind];
        report.verdict = Verdict::violated;
    }
}

}  // namespace trivcheck
