#include "checker/msccl/two_sided_run.hpp"

#include <algorithm>
#include <exception>
#include <system_error>
#include <thread>

#include "checker/core/usable_cores.hpp"
#include "checker/msccl/step_ordering.hpp"

namespace trivcheck::msccl {

namespace {

/// The ring of a run on one thread: 256 KiB, which the caches keep.
constexpr std::size_t one_thread_log_words = std::size_t{1} << 16;

/// Words a log needs to hold every step of the program at once.
std::size_t whole_log_words(const ProgramLayout& layout, const LocalClocks& clocks) {
    std::size_t words = 0;
    for (int block = 0; block < layout.block_count(); ++block)
        words += layout.block(block).steps.size() * StepLog::record_words(clocks.width(block));
    return words;
}

/// Words for two of the largest records: a ring must hold one whole.
std::size_t room_for_two(const LocalClocks& clocks) {
    return 2 * StepLog::record_words(clocks.widest());
}

/// The run on this thread only: the value side reads whenever the ring fills, and at the end.
RunOutcome run_on_one_thread(const ProgramLayout& layout, const FlatSteps& steps,
                             Scheduler& scheduler, SymbolicExecution& execution) {
    RunOutcome outcome;
    const LocalClocks clocks(layout);
    StepLog log(std::min(whole_log_words(layout, clocks),
                         std::max(one_thread_log_words, room_for_two(clocks))));
    log.drain_with([&] { execution.run_written(log); });
    StepOrdering ordering(layout, steps, &log);
    outcome.completed = scheduler.run(&ordering);
    outcome.critical_path = ordering.critical_path();
    log.close();
    execution.run(log);
    return outcome;
}

}  // namespace

RunOutcome run_two_sided(const ProgramLayout& layout, const FlatSteps& steps, Scheduler& scheduler,
                         SymbolicExecution& execution, std::size_t two_threads_from_steps) {
    if (steps.count() < two_threads_from_steps || usable_cores() < 2)
        return run_on_one_thread(layout, steps, scheduler, execution);
    RunOutcome outcome;
    StepLog log(std::max(shared_log_words, room_for_two(LocalClocks(layout))));
    std::exception_ptr value_failure;
    std::thread value_side;
    try {
        value_side = std::thread([&] {
            try {
                execution.run(log);
            } catch (...) {
                value_failure = std::current_exception();
                log.abandon();
            }
        });
    } catch (const std::system_error&) {
        // No second thread to be had (memory, a process limit): the same run on this one.
        return run_on_one_thread(layout, steps, scheduler, execution);
    }
    std::exception_ptr order_failure;
    try {
        StepOrdering ordering(layout, steps, &log);
        outcome.completed = scheduler.run(&ordering);
        outcome.critical_path = ordering.critical_path();
    } catch (...) {
        order_failure = std::current_exception();
    }
    log.close();
    value_side.join();
    if (order_failure) std::rethrow_exception(order_failure);
    if (value_failure) std::rethrow_exception(value_failure);
    return outcome;
}

}  // namespace trivcheck::msccl
