#pragma once
#include <string>
#include <vector>

#include "checker/core/report.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// The shortest text that reads back as `value`: a bound and a figure that
/// differ in the 10th digit print differently (with %.6g both read 1.33333).
std::string shortest_text(double value);

/// Compares the executed figures with a schedule's declared bounds (docs/schedule-format.md,
/// each an upper limit); one bound_exceeded violation per bound and step broken.
/// Compared exactly, with no tolerance: each figure is a ratio of integers
/// divided once, so the nearest double to it; a bound at that double holds,
/// one below it by any amount is exceeded.
std::vector<Violation> check_bounds(const Bounds& bounds, const Report& report);

}  // namespace trivcheck
