#pragma once
#include <vector>

#include "cli/command.hpp"

namespace trivcheck::cli {

/// Every subcommand's registrar, in the order `--help` lists them.
const std::vector<CommandRegistrar>& all_commands();

}  // namespace trivcheck::cli
