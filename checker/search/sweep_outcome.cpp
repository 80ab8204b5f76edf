#include "checker/search/sweep_outcome.hpp"

#include <chrono>
#include <new>

#include "checker/explanations/check.hpp"
#include "checker/formats/report_json.hpp"
#include "checker/formats/report_text.hpp"

namespace trivcheck {

namespace {

std::string first_violation_kind(const Report& report) {
    if (!report.violations.empty()) return report.violations.front().kind;
    // Only counted, not recorded (cannot happen with the default options, but
    // the summary must still name a kind).
    if (!report.violation_counts.empty()) return report.violation_counts.begin()->first;
    return "violated";
}

/// The report a not-applicable size gets in JSON lines, so a merged sweep has
/// one line for every (algorithm, form, n) it covered.
Report not_applicable_report(const GeneratorRequest& request, const std::string& reason) {
    Report report;
    const int n = request.topology.dims.empty() ? 0 : request.topology.dims.front();
    report.name = request.algo + "-" + to_string(request.form) + "-" + std::to_string(n);
    report.algo = request.algo;
    report.form = to_string(request.form);
    report.topology = "ring:" + std::to_string(n);
    report.ranks = n;
    report.verdict = Verdict::not_applicable;
    report.not_applicable_reason = reason;
    return report;
}

}  // namespace

const char* to_string(SweepStatus status) {
    switch (status) {
        case SweepStatus::holds:
            return "holds";
        case SweepStatus::violated:
            return "violated";
        case SweepStatus::not_applicable:
            return "not applicable";
        case SweepStatus::unknown:
            return "unknown";
    }
    return "unknown";
}

SizeOutcome check_one_size(const GeneratorRequest& request, const ExecuteOptions& options,
                           std::string* json_line) {
    const auto start = std::chrono::steady_clock::now();
    SizeOutcome outcome;
    outcome.n = request.topology.dims.empty() ? 0 : request.topology.dims.front();
    auto finish = [&] {
        outcome.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return outcome;
    };
    try {
        const Report report = check_generated(request, options);
        outcome.steps = report.steps();
        outcome.theta = report.theta;
        if (report.verdict == Verdict::holds) {
            outcome.status = SweepStatus::holds;
        } else if (report.verdict == Verdict::violated) {
            outcome.status = SweepStatus::violated;
            outcome.violation_kind = first_violation_kind(report);
            if (!report.violations.empty())
                outcome.first_violation = violation_in_one_line(report.violations.front());
        } else {
            outcome.status = SweepStatus::not_applicable;
            outcome.reason = report.not_applicable_reason;
        }
        if (json_line) *json_line = report_to_json(report).dump();
    } catch (const NotApplicable& error) {
        outcome.status = SweepStatus::not_applicable;
        outcome.reason = error.what();
        if (json_line)
            *json_line = report_to_json(not_applicable_report(request, error.what())).dump();
    } catch (const ResourceLimit& error) {
        outcome.status = SweepStatus::unknown;
        outcome.reason = std::string("resource limit: ") + error.what();
    } catch (const std::bad_alloc&) {
        outcome.status = SweepStatus::unknown;
        outcome.reason = "out of memory";
    } catch (const std::exception& error) {
        // A generator or checker failure on one n must not hide the others.
        outcome.status = SweepStatus::unknown;
        outcome.reason = std::string("error: ") + error.what();
    }
    return finish();
}

}  // namespace trivcheck
