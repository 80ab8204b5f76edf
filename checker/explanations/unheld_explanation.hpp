#pragma once
#include <vector>

#include "checker/core/report.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// Fills, for every send_unheld violation in `violations`, which blocks of
/// the offending transfer the sender held at the start of the step, which it
/// did not, and when (if ever) it first holds each of those. One replay of
/// "holds anything of block b" for all ranks and blocks (n·B bits); skipped
/// when that exceeds `bit_limit`.
void explain_unheld_sends(const Schedule& schedule, std::vector<Violation>& violations,
                          std::size_t bit_limit = std::size_t{1} << 28);

}  // namespace trivcheck
