#pragma once

namespace trivcheck::cli {

/// Parses the command line, runs the chosen subcommand, returns the exit code (docs/model.md).
int run(int argc, char** argv);

}  // namespace trivcheck::cli
