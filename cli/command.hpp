#pragma once
#include <CLI/CLI.hpp>

namespace trivcheck::cli {

/// Each subcommand registers itself on the app and, when it runs, stores its
/// exit code here (checker/core/exit_code.hpp, docs/model.md).
struct CommandResult {
    int exit_code = 0;
};

/// One function per subcommand, `cli/<name>_command.cpp`.
using CommandRegistrar = void (*)(CLI::App& app, CommandResult& result);

}  // namespace trivcheck::cli
