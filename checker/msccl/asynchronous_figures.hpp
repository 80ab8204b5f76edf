#pragma once
#include "checker/core/report.hpp"
#include "checker/msccl/scheduler.hpp"

namespace trivcheck::msccl {

/// Traffic per gpu and per connection, thread blocks and channels, from the
/// program's steps; `most_queued` from the unbounded run `scheduler` did.
AsynchronousFigures measure_program(const ProgramLayout& layout, const Scheduler& scheduler);

/// The least FIFO depth per connection with which every thread block
/// completes (the unbounded run must have completed): a binary search over
/// bounded runs, since more room never stops a run that completes.
int least_fifo_depth(const ProgramLayout& layout, const FlatSteps& steps);

}  // namespace trivcheck::msccl
