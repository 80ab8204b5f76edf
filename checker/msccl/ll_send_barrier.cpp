#include "checker/msccl/ll_send_barrier.hpp"

#include <string>

namespace trivcheck::msccl {

namespace {

/// Whether `step` of a thread block starts with all its threads joined: a
/// wait (`depid`) is followed by barrier(nthreads) in mscclRunInterpreter.
bool starts_joined(const Step& step) { return step.depends_on_block >= 0; }

/// Whether all threads have finished `step` when it ends: every primitive but
/// the LL send ends with a barrier; a nop does nothing at all.
bool ends_joined(const Step& step) {
    return step.type != StepType::send && step.type != StepType::nop;
}

class LlSendCheck {
  public:
    LlSendCheck(const ProgramLayout& layout, const FlatSteps& steps, ViolationSink& violations)
        : layout_(layout), steps_(steps), violations_(violations) {}

    void run() {
        for (int block = 0; block < layout_.block_count(); ++block) {
            const std::vector<Step>& block_steps = layout_.block(block).steps;
            for (std::size_t index = 0; index < block_steps.size(); ++index)
                if (block_steps[index].type == StepType::send)
                    check_send(block, static_cast<int>(index));
        }
    }

  private:
    void check_send(int block, int send) {
        const std::vector<Step>& block_steps = layout_.block(block).steps;
        for (std::size_t next = static_cast<std::size_t>(send) + 1; next < block_steps.size();
             ++next) {
            const Step& step = block_steps[next];
            if (starts_joined(step)) break;
            check_write(block, send, block, static_cast<int>(next),
                        "runs while other threads of its thread block may still be in the LL "
                        "send (no barrier between them)");
            if (ends_joined(step)) break;
        }
        if (!block_steps[send].signals) return;
        for (int waiter = 0; waiter < layout_.block_count(); ++waiter) {
            if (layout_.gpu_of(waiter) != layout_.gpu_of(block) || waiter == block) continue;
            const std::vector<Step>& waiting_steps = layout_.block(waiter).steps;
            bool released = false;
            for (std::size_t index = 0; index < waiting_steps.size(); ++index) {
                const int step = static_cast<int>(index);
                if (steps_.waited_block(waiter, step) == block) {
                    const int by = steps_.released_by(waiter, step);
                    if (released && by > send) break;  // a later flag: stored after a barrier
                    released = released || by == send;
                }
                if (released)
                    check_write(block, send, waiter, step,
                                "waits for the LL send's flag, which one thread stores after "
                                "its own share of the send, not after the others'");
            }
        }
    }

    /// A race when step `step` of `writer` writes a chunk the LL send reads.
    void check_write(int block, int send, int writer, int step, const char* why) {
        const Step& sending = layout_.block(block).steps[send];
        const Step& writing = layout_.block(writer).steps[step];
        if (!step_writes_destination(writing.type)) return;
        if (step_receives(writing.type) && writing.dst_buffer == sending.src_buffer &&
            writing.dst_offset == sending.src_offset && writing.count == sending.count)
            return;  // the same lines, thread by thread
        const int gpu = layout_.gpu_of(block);
        for (int chunk = 0; chunk < writing.count; ++chunk) {
            const PhysicalChunk written =
                layout_.resolve(gpu, writing.dst_buffer, writing.dst_offset + chunk);
            for (int read = 0; read < sending.count; ++read) {
                const PhysicalChunk source =
                    layout_.resolve(gpu, sending.src_buffer, sending.src_offset + read);
                if (source.buffer != written.buffer || source.index != written.index) continue;
                report(block, send, writer, step, writing.dst_offset + chunk, why);
                return;
            }
        }
    }

    void report(int block, int send, int writer, int step, int chunk, const char* why) {
        if (!violations_.count(ViolationKind::race)) return;
        const int gpu = layout_.gpu_of(block);
        const Step& sending = layout_.block(block).steps[send];
        const Step& writing = layout_.block(writer).steps[step];
        const int sender_id = layout_.block(block).id;
        const int writer_id = layout_.block(writer).id;
        Violation violation;
        violation.kind = ViolationKind::race;
        violation.step = step;
        violation.rank = gpu;
        violation.block = chunk;
        violation.buffer = spelling(writing.dst_buffer);
        violation.thread_block = writer_id;
        violation.detail = "on gpu " + std::to_string(gpu) + ", tb " + std::to_string(writer_id) +
                           " step " + std::to_string(step) + " writes " +
                           spelling(writing.dst_buffer) + "[" + std::to_string(chunk) +
                           "] while tb " + std::to_string(sender_id) + " step " +
                           std::to_string(send) + " (LL s) may still read it: tb " +
                           std::to_string(writer_id) + " step " + std::to_string(step) + " " + why +
                           " (RCCL's LL send ends without a barrier, msccl_kernel_impl.h)";
        violation.points = {{gpu, sender_id, send, spelling(sending.src_buffer), sending.src_offset,
                             "reads (LL send, no barrier after it)"},
                            {gpu, writer_id, step, spelling(writing.dst_buffer), chunk, "writes"}};
        violations_.record(std::move(violation));
    }

    const ProgramLayout& layout_;
    const FlatSteps& steps_;
    ViolationSink& violations_;
};

}  // namespace

void check_ll_send_barriers(const ProgramLayout& layout, const FlatSteps& steps,
                            ViolationSink& violations) {
    if (layout.program().protocol != "LL") return;
    LlSendCheck(layout, steps, violations).run();
}

}  // namespace trivcheck::msccl
