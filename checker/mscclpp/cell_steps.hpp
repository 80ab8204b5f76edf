#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "checker/mscclpp/run_state.hpp"
#include "checker/mscclpp/run_violations.hpp"

namespace trivcheck::mscclpp {

/// What the steps of a run do to cells (docs/mscclpp.md, Execution): every
/// read and write checked against the cell's accesses so far (race,
/// stale_read), and the values written. Given the steps in the order the run
/// executed them, it needs nothing else of the run: the run hands them on
/// and goes on scheduling, and this trails it, on a thread of its own when
/// the plan is large.
class CellSteps {
  public:
    CellSteps(RunState& state, RunViolations& violations)
        : state_(state), violations_(violations) {}

    void apply(const CellStep& step);
    /// Pieces the first launch wrote to cells of another gpu.
    std::int64_t remote_pieces() const { return remote_pieces_; }

  private:
    /// A caller between launches: it reads the output, then writes new input.
    void apply_caller(const CellStep& caller);

    RunState& state_;
    RunViolations& violations_;
    std::int64_t remote_pieces_ = 0;
    /// The cells of the step being applied, and what it writes to them:
    /// kept from step to step so that a step allocates nothing.
    RangesCells sources_;
    RangesCells destinations_;
    std::vector<std::pair<int, CellValues::Value>> written_;
};

}  // namespace trivcheck::mscclpp
