#pragma once
#include <vector>

#include "models/msccl_program.hpp"

namespace trivcheck::msccl {

/// A step of one gpu: thread block `block`, its step `step` (the XML `s`).
struct StepRef {
    int block = -1;
    int step = -1;
};

/// Builds the thread blocks of one gpu in the order their steps may run, and
/// adds the waits that order a new step after the steps it must follow:
/// `depid`/`deps` on the step itself, a chain of `nop` steps before it when it
/// must wait on more than one other thread block, `hasdep` on every step
/// waited on. Every wait names the latest step of a thread block at the time
/// it is added, so waits only point back in the order steps were appended: a
/// program built this way cannot wait in a cycle. A vector clock per thread
/// block leaves out waits that program order or earlier waits already imply.
class ThreadBlockBuilder {
  public:
    explicit ThreadBlockBuilder(Gpu& gpu) : gpu_(gpu) {}

    /// A new thread block (id: the next without a gap); -1 peers: none.
    int add_thread_block(int send_peer, int receive_peer, int channel);
    int thread_block_count() const { return static_cast<int>(gpu_.thread_blocks.size()); }
    int step_count(int block) const;

    /// The steps `block` would hold after append(block, ..., after).
    int steps_after_append(int block, const std::vector<StepRef>& after) const;
    /// Appends `step` (its index and waits are filled in) to `block`, after
    /// every step in `after` (steps of this gpu); returns where it went.
    StepRef append(int block, Step step, const std::vector<StepRef>& after);

  private:
    /// The thread blocks `block` must still wait on for `after`, ascending.
    std::vector<int> waits_needed(int block, const std::vector<StepRef>& after) const;
    int known(int block, int other) const;

    Gpu& gpu_;
    /// clocks_[b][d]: the last step of thread block d known to happen before
    /// the end of thread block b (-1: none).
    std::vector<std::vector<int>> clocks_;
};

}  // namespace trivcheck::msccl
