#pragma once
#include <vector>

#include "checker/msccl/happens_before.hpp"
#include "checker/msccl/step_log.hpp"

namespace trivcheck::msccl {

/// The order side of a run, told about each step in the scheduler's order:
/// happens-before (HappensBefore) and the critical path (the longest chain of
/// sending steps ordered before and including a step). It logs each step for
/// the value side (SymbolicExecution), with its thread block's local clock
/// whenever a wait or a receive changed it: the clock every access of the
/// step is race-checked against.
class StepOrdering : public StepObserver {
  public:
    /// `steps`: the layout's steps, which it outlives; `log`: where the steps
    /// go (none: the clocks are kept only).
    StepOrdering(const ProgramLayout& layout, const FlatSteps& steps, StepLog* log);

    void run(const StepStart& start) override;

    /// Longest chain of sending steps ordered before and including any step.
    int critical_path() const { return critical_path_; }
    const HappensBefore& clocks() const { return clocks_; }

  private:
    struct Signal {
        int step = 0;
        int depth = 0;
    };
    /// What a message in flight carries for this side.
    struct Message {
        int clock = -1;  // its id in HappensBefore
        int depth = 0;
    };
    /// The critical-path depth of signalling step `step` of `block`.
    int signal_depth(int block, int step) const;

    const ProgramLayout& layout_;
    HappensBefore clocks_;
    StepLog* log_;
    std::vector<Message> messages_;
    std::vector<std::vector<Signal>> signals_;
    std::vector<int> depth_;
    int critical_path_ = 0;
};

}  // namespace trivcheck::msccl
