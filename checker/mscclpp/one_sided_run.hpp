#pragma once
#include <cstdint>

#include "checker/core/report.hpp"
#include "checker/msccl/violation_sink.hpp"
#include "checker/mscclpp/cell_values.hpp"
#include "checker/mscclpp/plan.hpp"
#include "checker/mscclpp/plan_cells.hpp"

namespace trivcheck::mscclpp {

/// Launches a run of `plan` executes, one after the other on each gpu's
/// stream (docs/mscclpp.md, Launches): two, so that what one launch leaves to
/// the next (counts, late writes, reads of a buffer the next launch
/// overwrites) shows; three with use_double_scratch_buffer, whose scratch
/// halves alternate by launch (executor.cc launchKernelHelper: scratchOffset
/// by the flag's parity), so that launch 3 reuses launch 1's half.
inline int launches_of(const Plan& plan) { return plan.double_scratch ? 3 : 2; }

/// Runs of at least this many steps track their cells (race checks and
/// values) on a thread beside the run (check_plan: where a second core is).
/// Trivance B's plans, least of three, one core against two (`taskset -c 0`):
/// 243 ranks, 131,472 steps, 0.18 against 0.16 s; 512 ranks, 1.3 million
/// steps, 0.83 against 0.71 s; 1,024 ranks, 3.5 million steps, 3.07 against
/// 2.35 s. Small runs (the corpus's, `mutate`'s many) keep one thread.
inline constexpr std::int64_t cells_beside_by_default = std::int64_t{1} << 17;

/// What one run of a plan measured (the first launch's).
struct RunFigures {
    int thread_blocks = 0;
    int most_thread_blocks_per_gpu = 0;
    /// Steps executed (pipeline iterations counted once each), nops included.
    int steps = 0;
    /// Longest happens-before chain, in operations other than nop.
    int critical_path = 0;
    /// Signals, waits, barriers, acquires, packet reads, remote chunks.
    MscclppFigures synchronization;
};

struct RunResult {
    /// Every thread block of every launch ran to its end.
    bool completed = false;
    /// Per cell, after the last launch (whose contributions carry launch
    /// `launches_of(plan) - 1`): its contributions and its value's reduction tree.
    CellValues values = CellValues(0, 0);
    RunFigures figures;
};

/// Runs every thread block of `plan` as a sequential process,
/// `launches_of(plan)` times (docs/mscclpp.md, Execution): blocking waits, acquires, barriers and
/// packet reads; vector clocks for happens-before with and without relaxed signals; symbolic
/// contents per cell. Adds race, stale_read, deadlock, signal_count_mismatch and
/// packet_unwritten violations to `violations`. A run of at least
/// `cells_beside_from` steps (every process, every launch) tracks its cells
/// (race checks and values) on a second thread; the result is the same
/// either way.
RunResult run_plan(const Plan& plan, const CellLayout& cells, msccl::ViolationSink& violations,
                   std::int64_t cells_beside_from = cells_beside_by_default);

}  // namespace trivcheck::mscclpp
