#pragma once
#include <vector>

#include "checker/core/inline_vector.hpp"
#include "checker/msccl/violation_sink.hpp"
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
    struct Found {
        int process = 0;
        int earlier = 0;
        int later = 0;
        int cell = 0;
        bool earlier_writes = false;
        bool later_writes = false;
    };
    /// Notes the first cell `earlier` and `later` (steps of `process`) both
    /// touch, one writing it, that they deal to different threads, if any.
    void compare(int process, int earlier, int later);
    /// The cells of every range of step `step` of `process` (as the kernel
    /// addresses them), per range: sources, then destinations, each's cells
    /// in order, in `ranges`' first vectors (which only grow), and whether
    /// the range is written.
    void collect(int process, int step, std::vector<std::vector<int>>& ranges,
                 std::vector<bool>& writes);

    const RunState& state_;
    int first_launch_processes_ = 0;
    /// Per process of the first launch, its steps that moved data since its
    /// threads last joined.
    std::vector<InlineVector<int, 2>> unjoined_;
    std::vector<Found> found_;
    std::vector<std::vector<int>> earlier_ranges_, later_ranges_;
    std::vector<bool> earlier_writes_, later_writes_;
    std::vector<std::vector<int>> per_gpu_;
};

}  // namespace trivcheck::mscclpp
