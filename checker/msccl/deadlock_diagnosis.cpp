#include "checker/msccl/deadlock_diagnosis.hpp"

#include <string>

namespace trivcheck::msccl {

namespace {

std::string block_name(const ProgramLayout& layout, int block) {
    return "gpu " + std::to_string(layout.gpu_of(block)) + " tb " +
           std::to_string(layout.block(block).id);
}

std::string step_name(const ProgramLayout& layout, int block, int step) {
    return block_name(layout, block) + " step " + std::to_string(step);
}

/// The step a stuck thread block is at, and its call when the step makes several.
std::string stuck_at(const ProgramLayout& layout, const Scheduler& scheduler, int block) {
    const int step = scheduler.next_step(block);
    const int calls = scheduler.calls(block, step);
    return step_name(layout, block, step) +
           (calls > 1 ? " (call " + std::to_string(scheduler.next_call(block) + 1) + " of " +
                            std::to_string(calls) + ")"
                      : std::string());
}

/// Whether `block` has a signalling step at or after `step` (it may not have run yet).
bool can_signal(const ProgramLayout& layout, int block, int step) {
    const std::vector<Step>& steps = layout.block(block).steps;
    for (std::size_t index = std::max(step, 0); index < steps.size(); ++index)
        if (steps[index].signals) return true;
    return false;
}

struct Wait {
    int target = -1;  // the thread block it waits for; -1: nothing will ever come
    std::string what;
};

Wait wait_of(const ProgramLayout& layout, const Scheduler& scheduler, int block,
             ViolationSink& violations) {
    const int step_index = scheduler.next_step(block);
    const Step& step = layout.block(block).steps[step_index];
    const int gpu = layout.gpu_of(block);
    auto located = [&](ViolationKind kind, const std::string& detail, const char* note) {
        if (!violations.count(kind)) return;
        Violation violation;
        violation.kind = kind;
        violation.step = step_index;
        violation.rank = gpu;
        violation.thread_block = layout.block(block).id;
        violation.detail = detail;
        violation.points = {{gpu, layout.block(block).id, step_index, {}, -1, note}};
        violations.record(std::move(violation));
    };
    switch (scheduler.blocked_on(block)) {
        case BlockedOn::dependency: {
            const int waited = layout.block_with_id(gpu, step.depends_on_block);
            const std::string what = "tb " + std::to_string(step.depends_on_block) +
                                     " to complete step " + std::to_string(step.depends_on_step);
            if (waited < 0 || !can_signal(layout, waited, step.depends_on_step)) {
                located(ViolationKind::unsignalled_wait,
                        step_name(layout, block, step_index) + " waits for " + what +
                            ", but no step of that thread block at or after it has hasdep=1, so "
                            "the runtime never signals it",
                        "waits");
                return {};
            }
            return {waited, "waits for " + what};
        }
        case BlockedOn::message: {
            const int connection_index = layout.links(block).receive_connection;
            const Connection& connection = layout.connections()[connection_index];
            const std::string from = "gpu " + std::to_string(connection.sender) + " on channel " +
                                     std::to_string(connection.channel);
            if (connection.sending_block < 0 || scheduler.finished(connection.sending_block)) {
                located(ViolationKind::deadlock,
                        step_name(layout, block, step_index) + " receives from " + from +
                            ", but nothing sends it: " +
                            (connection.sending_block < 0
                                 ? "no thread block of gpu " + std::to_string(connection.sender) +
                                       " sends to gpu " + std::to_string(gpu) + " on that channel"
                                 : block_name(layout, connection.sending_block) +
                                       " has finished and all its messages were received"),
                        "receives");
                return {};
            }
            return {connection.sending_block,
                    "waits for a message from " + block_name(layout, connection.sending_block)};
        }
        case BlockedOn::fifo_space: {
            const int connection_index = layout.links(block).send_connection;
            const Connection& connection = layout.connections()[connection_index];
            return {connection.receiving_block,
                    "waits for room in the FIFO to " +
                        block_name(layout, connection.receiving_block) + " (it holds " +
                        std::to_string(scheduler.queued_calls(connection_index)) +
                        " calls, all it can)"};
        }
        case BlockedOn::nothing:
            break;
    }
    return {};
}

}  // namespace

void diagnose_deadlock(const ProgramLayout& layout, const Scheduler& scheduler,
                       ViolationSink& violations, const std::string& context) {
    const int blocks = layout.block_count();
    std::vector<Wait> waits(blocks);
    for (int block = 0; block < blocks; ++block)
        if (!scheduler.finished(block))
            waits[block] = wait_of(layout, scheduler, block, violations);
    // Each stuck thread block waits for one other: follow the waits; a walk
    // that comes back to a block of its own walk has found a cycle.
    std::vector<int> walk_of(blocks, -1);
    for (int start = 0; start < blocks; ++start) {
        int block = start;
        while (block >= 0 && walk_of[block] < 0 && !scheduler.finished(block)) {
            walk_of[block] = start;
            block = waits[block].target;
        }
        if (block < 0 || walk_of[block] != start || scheduler.finished(block)) continue;
        if (!violations.count(ViolationKind::deadlock)) continue;
        Violation violation;
        violation.kind = ViolationKind::deadlock;
        violation.step = scheduler.next_step(block);
        violation.rank = layout.gpu_of(block);
        violation.thread_block = layout.block(block).id;
        std::string cycle;
        int member = block;
        do {
            const int step = scheduler.next_step(member);
            violation.points.push_back(
                {layout.gpu_of(member), layout.block(member).id, step, {}, -1, waits[member].what});
            cycle += (cycle.empty() ? "" : "; ") + stuck_at(layout, scheduler, member) + " " +
                     waits[member].what;
            member = waits[member].target;
        } while (member != block);
        violation.detail = context + "a cycle of waits: " + cycle;
        violations.record(std::move(violation));
    }
}

}  // namespace trivcheck::msccl
