#include "cli/sarif_check.hpp"

#include <iostream>

#include "checker/core/exit_code.hpp"
#include "checker/core/input_error.hpp"
#include "checker/formats/file_text.hpp"
#include "checker/formats/json_text.hpp"
#include "checker/reports/report_sarif.hpp"
#include "cli/command_errors.hpp"
#include "library/check.hpp"

namespace trivcheck::cli {

namespace {

SarifSubject check_file(const std::string& file, const ExecuteOptions& options,
                        msccl::Runtime runtime) {
    SarifSubject subject;
    subject.uri = file;
    try {
        subject.text = read_file_text(file);
        InputFile input_file{file, subject.text};  // read once: the file may be a FIFO
        const Input input = load_input(input_file);
        subject.mscclpp = std::holds_alternative<mscclpp::Plan>(input);
        subject.msccl = std::holds_alternative<msccl::Program>(input);
        CheckSettings settings;
        settings.execute = options;
        settings.runtime = runtime;
        subject.report = check(input, settings).report;
        if (subject.report->verdict == Verdict::not_applicable) {
            subject.failure_kind = "unknown";
            subject.failure_message = "not applicable: " + subject.report->not_applicable_reason;
            subject.report.reset();
        }
    } catch (const InputError& error) {
        subject.failure_kind = "input_error";
        subject.failure_message = error.what();
        subject.failure_path = error.path;
        subject.failure_line = error.line;
    } catch (...) {
        // Whatever else stops this file (a limit, a fault of trivcheck's own)
        // is its result: the other files' results are still written.
        const CaughtError error = describe_current_exception();
        subject.failure_kind = error.exit_code == exit_input_error ? "input_error" : "unknown";
        subject.failure_message = error.exit_code == exit_unknown
                                      ? error.label + ": " + error.message
                                  : error.label == "error: " ? error.message
                                                             : error.label + error.message;
    }
    return subject;
}

}  // namespace

int run_sarif_check(const std::vector<std::string>& files, const ExecuteOptions& options,
                    msccl::Runtime runtime) {
    std::vector<SarifSubject> subjects;
    bool violated = false, unreadable = false, undecided = false;
    for (const std::string& file : files) {
        subjects.push_back(check_file(file, options, runtime));
        const SarifSubject& subject = subjects.back();
        violated = violated || (subject.report && subject.report->verdict == Verdict::violated);
        unreadable = unreadable || subject.failure_kind == "input_error";
        undecided = undecided || subject.failure_kind == "unknown";
        if (!subject.failure_kind.empty())
            std::cerr << subject.failure_kind << ": " << subject.failure_message << "\n";
    }
    std::cout << json_text(sarif_log(subjects), 2) << "\n";
    if (violated) return exit_violated;
    if (unreadable) return exit_input_error;
    return undecided ? exit_unknown : exit_holds;
}

}  // namespace trivcheck::cli
