#pragma once
#include <string>
#include <vector>

#include "checker/core/report.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// Whether rank r holds contributor c's contribution to `block` (in any
/// buffer) after step `step`, at [r * ranks + c]. Executes the schedule.
/// Throws std::invalid_argument for a step or block out of range.
std::vector<char> held_contributions(const Schedule& schedule, int step, int block);

/// Who holds whose contribution to `block` after step `step`, as an SVG grid
/// like the paper's block matrices: one row per rank, one column per
/// contributor, a filled cell where the rank holds it. Cells named by
/// `highlight` violations of that step and block (the contribution counted
/// twice, or missing at the end) are outlined in red. Executes the schedule.
/// Throws std::invalid_argument for a step or block out of range.
std::string coverage_svg(const Schedule& schedule, int step, int block,
                         const std::vector<Violation>& highlight);

}  // namespace trivcheck
