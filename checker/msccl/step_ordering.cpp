#include "checker/msccl/step_ordering.hpp"

#include <algorithm>

namespace trivcheck::msccl {

StepOrdering::StepOrdering(const ProgramLayout& layout, const FlatSteps& steps, StepLog* log)
    : layout_(layout),
      clocks_(layout, steps),
      log_(log),
      signals_(layout.block_count()),
      depth_(layout.block_count(), 0) {}

int StepOrdering::signal_depth(int block, int step) const {
    const std::vector<Signal>& signals = signals_[block];
    return std::lower_bound(signals.begin(), signals.end(), step,
                            [](const Signal& entry, int wanted) { return entry.step < wanted; })
        ->depth;
}

void StepOrdering::run(const StepStart& start) {
    const Step& step = layout_.block(start.block).steps[start.step];
    clocks_.start_step(start.block, start.step);
    int depth = depth_[start.block];
    // Whether the local clock changed beyond the start's own entry.
    bool clock_changed = false;
    if (start.waited_block >= 0) {
        clock_changed = clocks_.wait(start.block, start.waited_block, start.waited_step);
        depth = std::max(depth, signal_depth(start.waited_block, start.waited_step));
    }
    if (start.received_message >= 0) {
        Message& incoming = messages_[start.received_message];
        clock_changed = clocks_.receive(start.block, incoming.clock) || clock_changed;
        depth = std::max(depth, incoming.depth);
    }
    if (log_) {
        // The reader starts the step too; anything else it is told.
        const LocalClocks& local = clocks_.local_clocks();
        log_->push(start, clock_changed ? local.row(start.block) : nullptr,
                   local.width(start.block));
    }
    if (step_sends(step.type)) ++depth;
    depth_[start.block] = depth;
    critical_path_ = std::max(critical_path_, depth);
    if (start.sent_message >= 0) {
        if (static_cast<int>(messages_.size()) <= start.sent_message)
            messages_.resize(start.sent_message + 1);
        messages_[start.sent_message] = {clocks_.send(start.block), depth};
    }
    if (step.signals) {
        clocks_.signal(start.block, start.step);
        signals_[start.block].push_back({start.step, depth});
    }
    if (start.step + 1 == static_cast<int>(layout_.block(start.block).steps.size()))
        clocks_.finish(start.block);
}

}  // namespace trivcheck::msccl
