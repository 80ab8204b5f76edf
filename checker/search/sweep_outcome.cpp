#include "checker/search/sweep_outcome.hpp"

#include <chrono>
#include <new>

#include "checker/explanations/check.hpp"
#include "checker/formats/json_text.hpp"
#include "checker/reports/report_json.hpp"
#include "checker/reports/report_text.hpp"

namespace trivcheck {

namespace {

std::string first_violation_kind(const Report& report) {
    if (!report.violations.empty()) return std::string(to_string(report.violations.front().kind));
    // Only counted, not recorded (cannot happen with the default options, but
    // the summary must still name a kind).
    if (!report.violation_counts.empty())
        return std::string(to_string(report.violation_counts.begin()->first));
    return "violated";
}

/// The report a not-applicable size gets in JSON lines, so a merged sweep has
/// one line for every (algorithm, form, n) it covered.
Report not_applicable_report(const GeneratorRequest& request, const std::string& reason) {
    Report report;
    const SizeOutcome planned = planned_outcome(request.topology);
    report.name = request.algo + "-" + to_string(request.form) + "-" + planned.size_label();
    report.algo = request.algo;
    report.form = to_string(request.form);
    report.topology = request.topology.describe();
    report.ranks = request.topology.rank_count();
    report.verdict = Verdict::not_applicable;
    report.not_applicable_reason = reason;
    return report;
}

}  // namespace

Topology SizeOutcome::topology() const {
    if (torus_dims.empty()) return Topology::ring(n);
    Topology torus;
    torus.kind = TopologyKind::torus;
    torus.dims = torus_dims;
    return torus;
}

std::string SizeOutcome::size_label() const {
    const std::string text = topology().describe();  // "ring:7", "torus:5x7"
    return text.substr(text.find(':') + 1);
}

std::string SizeOutcome::size_name() const {
    return torus_dims.empty() ? "n=" + size_label() : "torus:" + size_label();
}

SizeOutcome planned_outcome(const Topology& topology) {
    SizeOutcome outcome;
    const bool torus = topology.kind == TopologyKind::torus;
    outcome.n = torus ? topology.rank_count() : topology.dims.empty() ? 0 : topology.dims.front();
    if (torus) outcome.torus_dims = topology.dims;
    return outcome;
}

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
    SizeOutcome outcome = planned_outcome(request.topology);
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
        if (json_line) *json_line = json_text(report_to_json(report));
    } catch (const NotApplicable& error) {
        outcome.status = SweepStatus::not_applicable;
        outcome.reason = error.what();
        if (json_line)
            *json_line = json_text(report_to_json(not_applicable_report(request, error.what())));
    } catch (const ResourceLimit& error) {
        outcome.status = SweepStatus::unknown;
        outcome.reason = std::string("resource limit: ") + error.what();
    } catch (const GeneratedScheduleTooLarge& error) {
        // Refused by the generator's own limit: a resource limit, worded as check words it.
        outcome.status = SweepStatus::unknown;
        outcome.reason = std::string("resource limit: ") + error.what();
    } catch (const std::bad_alloc&) {
        outcome.status = SweepStatus::unknown;
        outcome.reason = "resource limit: out of memory; nothing was decided";
    } catch (const std::exception& error) {
        // A generator or checker failure on one n must not hide the others.
        outcome.status = SweepStatus::unknown;
        outcome.reason = std::string("error: ") + error.what();
    }
    return finish();
}

}  // namespace trivcheck
