#include "cli/app.hpp"

#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>

#include "checker/core/exit_code.hpp"
#include "cli/command.hpp"
#include "cli/command_errors.hpp"
#include "cli/commands.hpp"
#include "cli/standard_output.hpp"

namespace trivcheck::cli {

int run(int argc, char** argv) {
    CLI::App app{
        "trivcheck: proves collective-communication schedules correct, or shows exactly how they "
        "are wrong.\n"
        "Exit codes: 0 holds, 1 violated, 2 usage error, 3 input error, 4 unknown (timeout, "
        "resource limit)."};
    app.require_subcommand(1);
    CommandResult result;
    for (CommandRegistrar registrar : all_commands()) registrar(app, result);
    // Every command's output is checked for loss, and what any command throws
    // is reported with its exit code, never left to terminate the process.
    return run_with_checked_standard_output([&]() -> int {
        return run_reporting_errors([&]() -> int {
            try {
                app.parse(argc, argv);
            } catch (const CLI::ParseError& error) {
                const int code = app.exit(error);
                return code == 0 ? exit_holds : exit_usage;
            }
            return result.exit_code;
        });
    });
}

}  // namespace trivcheck::cli
