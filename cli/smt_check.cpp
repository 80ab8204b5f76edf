#include "cli/smt_check.hpp"

#include <iostream>

#include "checker/core/exit_code.hpp"
#include "checker/formats/json_text.hpp"
#include "checker/reports/report_json.hpp"
#include "checker/reports/report_text.hpp"
#include "proofs/smt_execution.hpp"
#include "proofs/smt_structure.hpp"

namespace trivcheck::cli {

namespace {

/// The report without the figures the smt engine does not compute.
nlohmann::ordered_json smt_report_json(const Report& report, int steps) {
    nlohmann::ordered_json json = report_to_json(report);
    json["engine"] = "smt";
    json["steps"] = steps;
    json["totals"] = nullptr;
    json["theta"] = nullptr;
    return json;
}

std::string smt_report_text(const Report& report, int steps) {
    std::string text = report_identity(report) + ", " + std::to_string(steps) +
                       (steps == 1 ? " step\n" : " steps\n");
    text += "engine: smt (Z3 counts; structure by the reference checkers; no per-step figures)\n";
    text += std::string("verdict: ") + to_string(report.verdict) + "\n\nchecks:\n";
    for (const auto& [name, check] : report.checks)
        text += "  " + name + ": " + to_string(check.verdict) + ", " + check.reason + "\n";
    if (!report.violations.empty()) {
        text += "\nfirst violation:\n";
        for (const Violation& violation : report.violations) text += describe_violation(violation);
    }
    return text;
}

}  // namespace

int run_smt_check(const Schedule& schedule, bool json, const proofs::SolverSettings& settings) {
    const proofs::SmtExecution execution = proofs::smt_execute(schedule, settings);
    if (execution.verdict == proofs::QueryVerdict::unknown) {
        if (json)
            std::cout << json_text(
                             unknown_report_json(schedule.name, "solver", execution.unknown_reason),
                             2)
                      << "\n";
        std::cerr << "unknown (solver): " << execution.unknown_reason << "\n";
        return exit_unknown;
    }
    Report report = proofs::smt_report(schedule, execution);
    const std::string unchecked = proofs::add_structure_check(schedule, report);
    const int steps = static_cast<int>(schedule.steps.size());
    // A gate must never pass what it did not check.
    const bool undecided = report.verdict != Verdict::violated && !unchecked.empty();
    const std::string undecided_reason =
        "the counts hold, but --engine smt did not check " + unchecked + "; run --engine symbolic";
    if (json) {
        nlohmann::ordered_json document = smt_report_json(report, steps);
        if (undecided) {
            document["verdict"] = "unknown";
            document["cause"] = "not checked";
            document["reason"] = undecided_reason;
        }
        std::cout << json_text(document, 2) << "\n";
    } else {
        std::cout << smt_report_text(report, steps);
    }
    if (report.verdict == Verdict::violated) return exit_violated;
    if (undecided) {
        std::cerr << "unknown: " << undecided_reason << "\n";
        return exit_unknown;
    }
    return exit_holds;
}

}  // namespace trivcheck::cli
