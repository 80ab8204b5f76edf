#pragma once
#include <string>

#include "checker/msccl/scheduler.hpp"
#include "checker/msccl/violation_sink.hpp"

namespace trivcheck::msccl {

/// After a run that stopped with steps left: for every thread block that
/// cannot move, what it waits for. Reports each root cause once: a cycle of
/// waits (`deadlock`, every wait of the cycle as a point), a receive that
/// nothing will send (`deadlock`), a wait on a step that never signals
/// (`unsignalled_wait`). `context` opens each cycle's detail (what the run
/// assumed, e.g. bounded FIFOs at some message size).
void diagnose_deadlock(const ProgramLayout& layout, const Scheduler& scheduler,
                       ViolationSink& violations, const std::string& context = {});

}  // namespace trivcheck::msccl
