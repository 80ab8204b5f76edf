#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "checker/msccl/violation_sink.hpp"
#include "checker/mscclpp/cell_values.hpp"
#include "checker/mscclpp/race_checks.hpp"
#include "checker/mscclpp/run_state.hpp"

namespace trivcheck::mscclpp {

/// What a run's steps do to cells, step by step in the order they run:
/// each access checked against the cell's earlier ones (RaceChecks), and
/// the cells' symbolic values. Needs of a step only which step it is and
/// its clocks; reads of the run only what never changes while it goes on
/// (the plan, the processes' steps, the clocks' nodes), so it may follow
/// the run on a thread beside it.
class CellTracking {
  public:
    CellTracking(const RunState& state, msccl::ViolationSink& violations);

    /// Step `step.step` of process `step.process` (the caller: its reads of
    /// the launch's output and writes of the next launch's input).
    void track(const StepClocks& step);

    /// Every cell's value after the last step tracked.
    CellValues take_values() { return std::move(values_); }
    /// Pieces the first launch wrote to other gpus' buffers.
    std::int64_t remote_pieces() const { return remote_pieces_; }

  private:
    void track_caller(const StepClocks& step, const Process& caller);
    /// A request the proxy served (step.step of its requests): a put's
    /// source read, its destination written.
    void track_proxy(const StepClocks& step);
    /// The step reads the cells of one range (per gpu), as packets (spinning
    /// on each packet's flag) or not.
    void check_reads(const StepClocks& step, const std::vector<std::vector<int>>& range,
                     bool packets);
    /// The cells of `ranges` that `step` touches, in `kept`'s first vectors
    /// (which only grow, so that a step allocates nothing).
    RangesCellsView ranges_cells(const PlanStep& step, std::span<const BufferRange> ranges,
                                 int launch, RangesCells& kept) const;

    const RunState& state_;
    RaceChecks checks_;
    CellValues values_;
    std::int64_t remote_pieces_ = 0;
    /// The cells of the step being tracked, and what it writes to them:
    /// kept from step to step so that a step allocates nothing.
    RangesCells sources_;
    RangesCells destinations_;
    std::vector<std::pair<int, CellValues::Value>> written_;
};

}  // namespace trivcheck::mscclpp
