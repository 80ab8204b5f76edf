#include "checker/core/required_checks.hpp"

namespace trivcheck {

void count_required_checks(const std::vector<std::string>& required, Report& report) {
    for (const std::string& name : required) {
        const auto check = report.checks.find(name);
        if (check == report.checks.end() || check->second.verdict != Verdict::violated) continue;
        const std::optional<ViolationKind> kind = violation_kind_named(name);
        if (!kind) continue;  // --require accepts the registry's named checks only
        Violation violation;
        violation.kind = *kind;
        violation.detail = check->second.reason;
        report.violations.push_back(std::move(violation));
        ++report.violation_counts[*kind];
        report.verdict = Verdict::violated;
    }
}

}  // namespace trivcheck
