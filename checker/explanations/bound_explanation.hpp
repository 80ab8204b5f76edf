#pragma once
#include <optional>

#include "checker/core/report.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// The bound a bound_exceeded violation broke, its declared limit and the
/// measured value (and the busiest link of the step, or the phase), read
/// back from the schedule's bounds and the report's figures. Nullopt when
/// the violation names no bound the schedule declares.
std::optional<BoundBreach> measure_bound_breach(const Schedule& schedule, const Report& report,
                                                const Violation& violation);

}  // namespace trivcheck
