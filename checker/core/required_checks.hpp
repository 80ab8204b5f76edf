#pragma once
#include <string>
#include <vector>

#include "checker/core/report.hpp"

namespace trivcheck {

/// `check --require NAME`: each named check of `required` that `report` has
/// violated becomes a violation of kind NAME (its reason the detail), counted
/// toward the verdict. Checks not required stay reported, not counted.
/// `postcondition` is violated by a report that checked none (an MSCCL++
/// plan's unknown collective, an MSCCL-IR program's collective without one).
void count_required_checks(const std::vector<std::string>& required, Report& report);

}  // namespace trivcheck
