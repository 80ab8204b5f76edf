#pragma once
#include "checker/asynchronous/symbolic_execution.hpp"

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
/// least `two_threads_from_steps` steps has the value side read the log on a
/// second thread while the order side writes it; a smaller one has it read
/// the log after the order side is done (a thread costs more than it saves
/// there, and the tests run thousands of small programs). Either way the value side reads the same
/// steps in the same order with the same clocks, so the result does not
/// depend on the threads. Rethrows what either side threw.
RunOutcome run_two_sided(const ProgramLayout& layout, const FlatSteps& steps, Scheduler& scheduler,
                         SymbolicExecution& execution, std::size_t two_threads_from_steps);

}  // namespace trivcheck::msccl
