#pragma once
#include <span>
#include <vector>

#include "checker/core/program_layout.hpp"
#include "checker/msccl/flat_steps.hpp"

namespace trivcheck::msccl {

/// What a step that runs received from the scheduler: the message it took
/// (-1: none), the id of the message it sends (-1: none), and the signalling
/// step of the thread block it waited for (-1: no wait).
struct StepStart {
    int block = 0;
    int step = 0;
    int received_message = -1;
    int sent_message = -1;
    int waited_block = -1;
    int waited_step = -1;
};

/// The data side of an execution: told about every step as it runs.
class StepObserver {
  public:
    virtual ~StepObserver() = default;
    virtual void run(const StepStart& start) = 0;
};

/// Why a thread block that has steps left cannot run its next one.
enum class BlockedOn { nothing, dependency, message, fifo_space };

/// How much a connection holds. A step that sends or receives makes one or
/// more calls of the runtime's primitives (RCCL's kernel loops over `cnt` in
/// pieces of maxAllowedCount chunks, docs/msccl.md, Bounded FIFOs); a FIFO
/// holds at most `capacity` calls not yet received. The default, one call a
/// step and no bound, is the model's unbounded FIFO.
struct FifoBound {
    /// Calls a connection holds at once; 0: unbounded.
    int capacity = 0;
    /// Calls each step makes, by FlatSteps index; null: one each. Steps that
    /// neither send nor receive make one whatever it says. A run with calls
    /// given reports no messages (StepStart's are -1): it decides progress only.
    const std::vector<int>* calls = nullptr;
};

/// Runs the thread blocks of a program (docs/msccl.md) as far as they can go: each
/// in program order, call by call; a receiving call when its connection holds
/// a call, a sending call when its connection holds fewer than the bound's
/// capacity, a step with `depid` (before its first call) once that thread
/// block has completed a signalling step at or after `deps`. Any order of
/// running gives the same result (a Kahn network, bounded or not); this one
/// runs a thread block until it blocks, then the next ready one.
class Scheduler {
  public:
    /// `steps`: the layout's steps, which it outlives, as it outlives `bound.calls`.
    Scheduler(const ProgramLayout& layout, const FlatSteps& steps, FifoBound bound = {});

    /// Runs until no thread block can move. True when every step has run.
    bool run(StepObserver* observer);

    int next_step(int block) const { return next_step_[block]; }
    /// The calls of its next step `block` has made (0 until the step starts).
    int next_call(int block) const { return next_call_[block]; }
    /// The calls step `step` of `block` makes.
    int calls(int block, int step) const;
    /// Calls sent on `connection` and not received yet.
    int queued_calls(int connection) const { return queued_calls_[connection]; }
    int capacity() const { return bound_.capacity; }
    bool finished(int block) const;
    BlockedOn blocked_on(int block) const;
    /// Messages sent on `connection` and not received yet, oldest first.
    std::span<const int> queued(int connection) const {
        return {fifo_.data() + fifo_head_[connection], fifo_.data() + fifo_tail_[connection]};
    }
    /// The most calls (one a step, without a bound's calls: messages) `connection` held at once.
    int most_queued(int connection) const { return most_queued_[connection]; }

  private:
    /// Whether the next step of `dependent` waits on `block` and signalling step
    /// `step` of it lets that wait go.
    bool next_wait_released(int dependent, int block, int step) const;
    void wake(int block);

    const ProgramLayout& layout_;
    FifoBound bound_;
    /// Which step releases each wait (a wait is let go once it has run).
    const FlatSteps& steps_;
    std::vector<int> next_step_;
    std::vector<int> next_call_;
    /// The FIFOs, one flat array: connection c's messages, as many as its
    /// sending thread block has sending steps, at [fifo_head_[c], fifo_tail_[c]).
    std::vector<int> fifo_;
    std::vector<std::size_t> fifo_head_;
    std::vector<std::size_t> fifo_tail_;
    std::vector<int> queued_calls_;
    std::vector<int> most_queued_;
    int messages_sent_ = 0;                     // numbers each message as it is sent
    std::vector<std::vector<int>> dependents_;  // block -> blocks with a step waiting on it
    std::vector<int> ready_;
    std::vector<char> is_ready_;
};

}  // namespace trivcheck::msccl
