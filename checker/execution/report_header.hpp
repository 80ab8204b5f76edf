#pragma once
#include "checker/core/report.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// A report about `schedule` with only its identity filled in (name, algo,
/// form, collective, topology, ranks, blocks): where every engine starts.
Report report_header(const Schedule& schedule);

}  // namespace trivcheck
