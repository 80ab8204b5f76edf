#pragma once
#include <vector>

#include "checker/msccl/violation_sink.hpp"
#include "checker/mscclpp/kernel_operation.hpp"
#include "checker/mscclpp/run_state.hpp"

namespace trivcheck::mscclpp {

/// Races between the threads of one thread block (docs/mscclpp.md,
/// Threads): two operations that move data with no nop or barrier between
/// them are ordered only per thread, so where they touch a cell (one
/// writing it) that the two deal to different threads (another
/// ThreadPartition, or other bytes at the cell's place), one thread may
/// touch it before another is done with it. Checked on the first launch's
/// thread blocks (every launch runs the same steps on the same cells,
/// scratch halves aside); reported after the run, so that a run whose race
/// checks run on another thread reports in the same order.
class ThreadOrder {
  public:
    explicit ThreadOrder(const RunState& state);

    /// Step `step` of process `process` ran.
    void step(int process, int step);
    /// Adds the races found to `violations`, in the order found.
    void report(msccl::ViolationSink& violations) const;

  private:
    /// The cells one range of a step touches: [low, high], every cell
    /// between them when `whole` (one buffer's consecutive chunks, as
    /// CellLayout numbers them), else some of them.
    struct Touched {
        int low = 0;
        int high = 0;
        int step = 0;
        bool writes = false;
        bool whole = true;
        ThreadPartition partition = ThreadPartition::plain;
        /// As the kernel addresses it (kernel_operation.hpp).
        BufferRange range;
    };
    struct Found {
        int process = 0;
        int earlier = 0;
        int later = 0;
        int cell = 0;
        bool earlier_writes = false;
        bool later_writes = false;
    };
    /// Checks step `step` of `process` (which moves data, `op`) against the
    /// ranges since its threads last joined, then adds its own.
    void find_races(int process, int step, const Operation& op);
    /// The ranges of step `step` of `process` as Touched, into `touched_now_`.
    void touch(int process, int step);
    /// A cell `earlier` and `later` (of `process`) both touch, or -1.
    int shared_cell(int process, const Touched& earlier, const Touched& later);

    const RunState& state_;
    int first_launch_processes_ = 0;
    /// Per process of the first launch, the ranges of its steps that moved
    /// data since its threads last joined.
    std::vector<std::vector<Touched>> unjoined_;
    std::vector<Touched> touched_now_;
    std::vector<Found> found_;
    std::vector<int> earlier_cells_, later_cells_;
    std::vector<std::vector<int>> per_gpu_;
};

}  // namespace trivcheck::mscclpp
