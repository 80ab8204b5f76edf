#include "cli/commands.hpp"

namespace trivcheck::cli {

// One declaration per subcommand (cli/<name>_command.cpp).

const std::vector<CommandRegistrar>& all_commands() {
    static const std::vector<CommandRegistrar> commands = {
    };
    return commands;
}

}  // namespace trivcheck::cli
