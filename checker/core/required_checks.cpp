#include "checker/core/required_checks.hpp"

namespace trivcheck {

void count_required_checks(const std::vector<std::string>& required, Report& report) {
    for (const std::string& name : required) {
        const auto check = report.checks.find(name);
        if (check == report.checks.end() || check->second.verdict != Verdict::violated) continue;
        Violation violation;
        violation.kind = name;
        violation.detail = check->second.reason;
        report.violations.push_back(std::move(violation));
        ++report.violation_counts[name];
        report.verdict = Verdict::violated;
    }
}

}  // namespace trivcheck
