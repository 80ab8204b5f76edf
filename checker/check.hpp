#pragma once
#include "checker/executor.hpp"

namespace trivcheck {

/// Executes `schedule` and adds the named checks that apply to it (SPEC §2):
/// what `trivcheck check` reports.
Report check_schedule(const Schedule& schedule, ExecuteOptions options = {});

}  // namespace trivcheck
