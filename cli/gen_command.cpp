#include <iostream>

#include "checker/core/exit_code.hpp"
#include "checker/formats/schedule_json.hpp"
#include "cli/command.hpp"
#include "cli/command_errors.hpp"
#include "cli/schedule_source.hpp"

namespace trivcheck::cli {

namespace {

struct GenOptions {
    ScheduleSource source;
    std::string output;
};

int run_gen(const GenOptions& options) {
    return run_reporting_errors([&]() -> int {
        const Schedule schedule = generate(to_request(options.source));
        if (options.output.empty() || options.output == "-")
            std::cout << write_schedule_json(schedule);
        else
            write_schedule_file(schedule, options.output);
        return exit_holds;
    });
}

}  // namespace

void register_gen_command(CLI::App& app, CommandResult& result) {
    auto options = std::make_shared<GenOptions>();
    CLI::App* command = app.add_subcommand(
        "gen",
        "Write a generated schedule as trivcheck.schedule/1 JSON (docs/schedule-format.md).\n"
        "  trivcheck gen --algo trivance --form B --topo ring:9 -o trivance-B-9.json");
    add_generator_options(*command, options->source);
    command->add_option("-o,--output", options->output, "Output file (default: standard output)");
    command->callback([options, &result] { result.exit_code = run_gen(*options); });
}

}  // namespace trivcheck::cli
