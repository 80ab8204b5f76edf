#include "cli/commands.hpp"

namespace trivcheck::cli {

// One declaration per subcommand (cli/<name>_command.cpp).
void register_list_command(CLI::App& app, CommandResult& result);
void register_check_command(CLI::App& app, CommandResult& result);
void register_gen_command(CLI::App& app, CommandResult& result);
void register_sweep_command(CLI::App& app, CommandResult& result);
void register_synth_command(CLI::App& app, CommandResult& result);
void register_shrink_command(CLI::App& app, CommandResult& result);
void register_prove_command(CLI::App& app, CommandResult& result);
void register_mutate_command(CLI::App& app, CommandResult& result);
void register_draw_command(CLI::App& app, CommandResult& result);
void register_model_command(CLI::App& app, CommandResult& result);
void register_determinism_command(CLI::App& app, CommandResult& result);

const std::vector<CommandRegistrar>& all_commands() {
    static const std::vector<CommandRegistrar> commands = {
        register_list_command,  register_check_command,       register_gen_command,
        register_sweep_command, register_synth_command,       register_shrink_command,
        register_prove_command, register_mutate_command,      register_draw_command,
        register_model_command, register_determinism_command,
    };
    return commands;
}

}  // namespace trivcheck::cli
