#include <iostream>

#include "checker/core/exit_code.hpp"
#include "checker/core/input_error.hpp"
#include "checker/explanations/check.hpp"
#include "checker/formats/report_text.hpp"
#include "checker/formats/schedule_json.hpp"
#include "checker/search/schedule_shrink.hpp"
#include "cli/command.hpp"
#include "cli/command_errors.hpp"
#include "cli/msccl_shrink.hpp"
#include "cli/schedule_source.hpp"
#include "cli/text_columns.hpp"

namespace trivcheck::cli {

namespace {

struct ShrinkOptions {
    ScheduleSource source;
    std::string output;
    std::string kind;
};

std::string sizes(const Schedule& schedule) {
    return std::to_string(schedule.ranks) + " ranks, " + std::to_string(schedule.steps.size()) +
           " steps, " + std::to_string(schedule.blocks) + " blocks, " +
           std::to_string(schedule.transfer_count()) + " transfers";
}

int run_shrink(const ShrinkOptions& options) {
    const std::string& file = options.source.file;
    if (file.size() > 4 && file.compare(file.size() - 4, 4, ".xml") == 0)
        return run_msccl_shrink(file, options.output, options.kind);
    return run_reporting_errors([&]() -> int {
        const Schedule schedule = load_schedule(options.source);
        const Report before = check_schedule(schedule);
        if (before.verdict == Verdict::holds) {
            std::cout << schedule.name << " holds: nothing to shrink\n";
            return exit_holds;
        }
        // Without --kind, the first violation of the sorted report is the one kept.
        const std::string kind = !options.kind.empty() ? options.kind
                                 : !before.violations.empty()
                                     ? before.violations.front().kind
                                     : before.violation_counts.begin()->first;
        const std::optional<FailureSignature> signature =
            signature_of(before, kind, options.kind.empty());
        if (!signature) {
            std::cerr << "error: " << schedule.name << " has no " << kind << " violation\n";
            return exit_usage;
        }
        const ShrinkResult result = shrink_schedule(schedule, *signature);
        if (options.output.empty() || options.output == "-")
            std::cout << write_schedule_json(result.schedule);
        else
            write_schedule_file(result.schedule, options.output);
        const Report after = check_schedule(result.schedule);
        std::ostream& out = options.output.empty() || options.output == "-" ? std::cerr : std::cout;
        out << "shrunk " << schedule.name << " keeping " << describe(*signature) << ": "
            << sizes(schedule) << " -> " << sizes(result.schedule) << " (" << result.tests
            << " candidates, " << result.rounds << " rounds)\n"
            << "  cells that meet the postcondition: " << percent(held_share(before)) << " -> "
            << percent(held_share(after)) << " (kept at least "
            << percent(signature->least_held) << ")\n";
        if (signature->least_held < non_degenerate_share)
            out << "  the input itself gets fewer than " << percent(non_degenerate_share)
                << " of its cells right, so no shrink of it can (docs/counterexamples.md)\n";
        if (const Violation* kept = kept_violation(after, *signature))
            out << describe_violation(*kept);
        return exit_violated;
    });
}

}  // namespace

void register_shrink_command(CLI::App& app, CommandResult& result) {
    auto options = std::make_shared<ShrinkOptions>();
    CLI::App* command = app.add_subcommand(
        "shrink",
        "Delta-debug a failing schedule: remove ranks, steps, blocks and transfers while the\n"
        "same kind of violation persists, and write the minimal schedule "
        "(docs/counterexamples.md).\n"
        "  trivcheck shrink broken.json -o small.json\n"
        "  trivcheck shrink broken.json --kind double_count -o small.json\n"
        "An MSCCL-IR file (.xml) loses thread blocks, then steps, while the violation persists:\n"
        "  trivcheck shrink race.xml --kind race -o small.xml\n"
        "Exit 1 the shrunk schedule fails (always, for a failing input), 0 the input holds,\n"
        "2 usage, 3 bad input file, 4 too large to check.");
    command->add_option("file", options->source.file,
                        "A trivcheck.schedule/1 JSON file, or an MSCCL-IR .xml file");
    add_generator_options(*command, options->source);
    command->add_option("-o,--output", options->output,
                        "Where to write the shrunk schedule (default: standard output)");
    command
        ->add_option("--kind", options->kind,
                     "Violation kind to keep (default: the first the check reports)")
        ->check(CLI::IsMember({"double_count", "missing", "send_unheld", "port_overuse",
                               "bound_exceeded", "race", "deadlock", "count_mismatch",
                               "unreceived_message", "unsignalled_wait", "reduce_of_nothing"}));
    command->callback([options, &result] { result.exit_code = run_shrink(*options); });
}

}  // namespace trivcheck::cli
