#include "cli/sweep_reports.hpp"

#include "checker/formats/file_text.hpp"
#include "checker/formats/json_text.hpp"
#include "checker/reports/junit_xml.hpp"
#include "checker/reports/report_sarif.hpp"

namespace trivcheck::cli {

namespace {

/// "trivance" or "trivance(fold)", the row's generator and variant.
std::string generator_label(const SweepRow& row) {
    std::string variant = row.last_step.empty() ? row.tree : row.last_step;
    if (!row.layout.empty()) variant = row.layout + (row.tree.empty() ? "" : "," + row.tree);
    return variant.empty() ? row.algo : row.algo + "(" + variant + ")";
}

}  // namespace

void write_sweep_sarif(const std::string& path, const std::vector<SweepRow>& rows) {
    std::vector<SarifSubject> subjects;
    for (const SweepRow& row : rows)
        for (const SizeOutcome& outcome : row.sizes) {
            if (outcome.status != SweepStatus::violated && outcome.status != SweepStatus::unknown)
                continue;
            SarifSubject subject;
            subject.logical_name =
                generator_label(row) + " " + row.form + " " + outcome.size_name();
            const bool violated = outcome.status == SweepStatus::violated;
            subject.failure_kind = violated ? outcome.violation_kind : "unknown";
            subject.failure_message =
                subject.logical_name + ": " +
                (violated ? (outcome.first_violation.empty() ? outcome.violation_kind
                                                             : outcome.first_violation)
                          : outcome.reason);
            subjects.push_back(std::move(subject));
        }
    write_file_text(path, json_text(sarif_log(subjects), 2) + "\n");
}

void write_sweep_junit(const std::string& path, const std::vector<SweepRow>& rows) {
    std::vector<JunitCase> cases;
    for (const SweepRow& row : rows)
        for (const SizeOutcome& outcome : row.sizes) {
            JunitCase test;
            test.class_name = generator_label(row) + "." + row.form;
            test.name = outcome.size_name();
            test.seconds = outcome.seconds;
            switch (outcome.status) {
                case SweepStatus::holds:
                    break;
                case SweepStatus::violated:
                    test.outcome = JunitCase::Outcome::failed;
                    test.type = outcome.violation_kind;
                    test.message = outcome.first_violation.empty() ? outcome.violation_kind
                                                                   : outcome.first_violation;
                    break;
                case SweepStatus::unknown:
                    test.outcome = JunitCase::Outcome::error;
                    test.type = "unknown";
                    test.message = outcome.reason;
                    break;
                case SweepStatus::not_applicable:
                    test.outcome = JunitCase::Outcome::skipped;
                    test.message = outcome.reason;
                    break;
            }
            cases.push_back(std::move(test));
        }
    write_file_text(path, junit_xml("trivcheck sweep", cases));
}

}  // namespace trivcheck::cli
