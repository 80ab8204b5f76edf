#pragma once
#include <vector>

#include "checker/core/report.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// Compares the executed figures with a schedule's declared bounds (docs/schedule-format.md,
/// each an upper limit); one bound_exceeded violation per bound and step broken.
std::vector<Violation> check_bounds(const Bounds& bounds, const Report& report);

}  // namespace trivcheck
