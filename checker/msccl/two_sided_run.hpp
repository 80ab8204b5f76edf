#pragma once
#include "checker/msccl/symbolic_execution.hpp"

namespace trivcheck::msccl {

/// The ring between the two threads of a run: 4 MiB.
inline constexpr std::size_t shared_log_words = std::size_t{1} << 20;

/// What a run found on its order side.
struct RunOutcome {
    /// Every thread block ran every step.
    bool completed = false;
    /// Longest chain of sending steps ordered before and including any step.
    int critical_path = 0;
};

/// Runs `scheduler` as far as it goes, its steps told to the order side
/// (StepOrdering: happens-before, critical path) on this thread, which logs
/// them for `execution` (the value side: values, races). A program of at
/// least `two_threads_from_steps` steps, on a process that may use two cores
/// or more, has the value side read the log on a second thread while the
/// order side writes it (on this thread, as below, when the system will not
/// make one). Otherwise the value side reads the log on this
/// thread whenever it fills, and at the end: a thread costs more than it
/// saves on a small program (and the tests run thousands of them), and on
/// one core the two sides would only take turns. Either way the value side reads the same
/// steps in the same order with the same clocks, so the result does not
/// depend on the threads. Rethrows what either side threw.
RunOutcome run_two_sided(const ProgramLayout& layout, const FlatSteps& steps, Scheduler& scheduler,
                         SymbolicExecution& execution, std::size_t two_threads_from_steps);

}  // namespace trivcheck::msccl
