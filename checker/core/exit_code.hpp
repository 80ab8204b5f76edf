#pragma once

namespace trivcheck {

/// Exit codes of every command (docs/model.md). Unknown is never success.
enum ExitCode : int {
    exit_holds = 0,
    exit_violated = 1,
    exit_usage = 2,
    exit_input_error = 3,
    exit_unknown = 4,
};

}  // namespace trivcheck
