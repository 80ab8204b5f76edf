#include "checker/msccl/scheduler.hpp"

#include <algorithm>

namespace trivcheck::msccl {

Scheduler::Scheduler(const ProgramLayout& layout, const FlatSteps& steps, FifoBound bound)
    : layout_(layout),
      bound_(bound),
      steps_(steps),
      next_step_(layout.block_count(), 0),
      next_call_(layout.block_count(), 0),
      fifo_head_(layout.connections().size(), 0),
      fifo_tail_(layout.connections().size(), 0),
      queued_calls_(layout.connections().size(), 0),
      most_queued_(layout.connections().size(), 0),
      dependents_(layout.block_count()),
      is_ready_(layout.block_count(), 0) {
    std::vector<std::size_t> capacity(layout.connections().size(), 0);
    for (int block = 0; block < layout.block_count(); ++block) {
        const int connection = layout.links(block).send_connection;
        if (connection < 0) continue;
        for (const Step& step : layout.block(block).steps)
            capacity[connection] += step_sends(step.type) ? 1 : 0;
    }
    std::size_t slots = 0;
    for (std::size_t connection = 0; connection < capacity.size(); ++connection) {
        fifo_head_[connection] = fifo_tail_[connection] = slots;
        slots += capacity[connection];
    }
    fifo_.resize(slots);
    for (int block = 0; block < layout.block_count(); ++block) {
        const auto count = static_cast<int>(layout.block(block).steps.size());
        for (int step = 0; step < count; ++step) {
            const int waited = steps_.waited_block(block, step);
            if (waited < 0) continue;
            std::vector<int>& dependents = dependents_[waited];
            if (dependents.empty() || dependents.back() != block) dependents.push_back(block);
        }
    }
}

int Scheduler::calls(int block, int step) const {
    const StepType type = layout_.block(block).steps[step].type;
    if (!bound_.calls || !(step_sends(type) || step_receives(type))) return 1;
    return (*bound_.calls)[steps_.index(block, step)];
}

bool Scheduler::finished(int block) const {
    return next_step_[block] >= static_cast<int>(layout_.block(block).steps.size());
}

BlockedOn Scheduler::blocked_on(int block) const {
    if (finished(block)) return BlockedOn::nothing;
    const Step& step = layout_.block(block).steps[next_step_[block]];
    if (step.depends_on_block >= 0 && next_call_[block] == 0) {
        const int released = steps_.released_by(block, next_step_[block]);
        if (released < 0 || next_step_[steps_.waited_block(block, next_step_[block])] <= released)
            return BlockedOn::dependency;
    }
    const ThreadBlockLinks& links = layout_.links(block);
    if (calls(block, next_step_[block]) == 0) return BlockedOn::nothing;
    if (step_receives(step.type) && queued_calls_[links.receive_connection] == 0)
        return BlockedOn::message;
    if (step_sends(step.type) && bound_.capacity > 0 &&
        queued_calls_[links.send_connection] >= bound_.capacity)
        return BlockedOn::fifo_space;
    return BlockedOn::nothing;
}

bool Scheduler::next_wait_released(int dependent, int block, int step) const {
    if (finished(dependent)) return false;
    const int next = next_step_[dependent];
    return steps_.waited_block(dependent, next) == block &&
           steps_.released_by(dependent, next) == step;
}

void Scheduler::wake(int block) {
    if (block < 0 || is_ready_[block]) return;
    is_ready_[block] = 1;
    ready_.push_back(block);
}

bool Scheduler::run(StepObserver* observer) {
    for (int block = layout_.block_count() - 1; block >= 0; --block) wake(block);
    while (!ready_.empty()) {
        const int block = ready_.back();
        ready_.pop_back();
        is_ready_[block] = 0;
        const ThreadBlock& thread_block = layout_.block(block);
        const ThreadBlockLinks& links = layout_.links(block);
        while (!finished(block) && blocked_on(block) == BlockedOn::nothing) {
            const int step_index = next_step_[block];
            const Step& step = thread_block.steps[step_index];
            // One call: it takes a call from the receive connection and puts
            // one on the send connection (rcs and the like do both, piece by piece).
            // A step of no calls (cnt 0) moves nothing.
            const int step_calls = calls(block, step_index);
            if (step_calls > 0 && step_receives(step.type)) {
                --queued_calls_[links.receive_connection];
                wake(layout_.connections()[links.receive_connection].sending_block);
            }
            if (step_calls > 0 && step_sends(step.type)) {
                const int connection = links.send_connection;
                most_queued_[connection] =
                    std::max(most_queued_[connection], ++queued_calls_[connection]);
                wake(layout_.connections()[connection].receiving_block);
            }
            if (++next_call_[block] < step_calls) continue;
            next_call_[block] = 0;
            StepStart start{block, step_index, -1, -1, -1, -1};
            if (step.depends_on_block >= 0) {
                start.waited_block = steps_.waited_block(block, step_index);
                start.waited_step = steps_.released_by(block, step_index);
            }
            // Messages, for the data side: only when a step is one call, so a
            // receive's message is the one its sender's step completed.
            if (!bound_.calls && step_receives(step.type))
                start.received_message = fifo_[fifo_head_[links.receive_connection]++];
            if (!bound_.calls && step_sends(step.type)) {
                start.sent_message = messages_sent_++;
                fifo_[fifo_tail_[links.send_connection]++] = start.sent_message;
            }
            if (observer) observer->run(start);
            ++next_step_[block];
            if (step.signals) {
                // Only a thread block whose next step this signal lets go needs
                // waking; any other is blocked on something that will wake it.
                for (int dependent : dependents_[block])
                    if (next_wait_released(dependent, block, step_index)) wake(dependent);
            }
        }
    }
    for (int block = 0; block < layout_.block_count(); ++block)
        if (!finished(block)) return false;
    return true;
}

}  // namespace trivcheck::msccl
