#pragma once
#include <cstdint>
#include <vector>

#include "checker/asynchronous/program_layout.hpp"
#include "checker/asynchronous/send_clocks.hpp"

namespace trivcheck::msccl {

/// An access's moment: step `clock - 1` of flat thread block `block`.
struct Epoch {
    int block = -1;
    int clock = 0;
};

/// Happens-before between the thread blocks of one gpu (docs/msccl.md: program
/// order, send → its receive, completed signalling step → the step waiting on
/// it), exact, with clocks per gpu. Races are only between thread blocks of one
/// gpu, so each thread block keeps a *local* clock (an entry per thread block of
/// its gpu). Order that leaves a gpu and comes back must leave through a send,
/// so each thread block also keeps, shared copy-on-write, a *send* clock: per
/// sending thread block of the program, its latest send ordered before (in
/// two levels: SendClocks). A
/// receive joins the message's send clock, and for each sending thread block x
/// of its own gpu whose send it now knows of, the local clock x had at that
/// send (kept for every send).
class HappensBefore {
  public:
    explicit HappensBefore(const ProgramLayout& layout);

    /// Thread block `block` starts step `step`: its own entry becomes step + 1.
    void start_step(int block, int step);
    /// `block` sends at its current step; returns the message's id.
    int send(int block);
    /// `block` receives message `message` (an id `send` returned).
    void receive(int block, int message);
    /// `block` completes its current step, which signals (hasdep).
    void signal(int block, int step);
    /// `block` waited for signalling step `step` of `waited` (same gpu).
    void wait(int block, int waited, int step);
    /// `block` has run its last step: its send clock is let go (what others
    /// still need of it, its messages and signals hold).
    void finish(int block);

    /// Whether the access at `epoch` happens before everything `block` does
    /// now; both thread blocks of one gpu.
    bool happens_before(Epoch epoch, int block) const {
        return epoch.clock <= clock(block, epoch.block);
    }
    /// How far `block` has seen into `other` (same gpu): the number of `other`'s
    /// steps ordered before it.
    int clock(int block, int other) const {
        return local_[local_base_[block] + local_index_[other]];
    }
    Epoch epoch(int block) const { return {block, clock(block, block)}; }

    /// Clock entries allocated at most (local clocks, send snapshots, send clocks).
    std::size_t entries_allocated() const;

  private:
    struct Message {
        int sends = 0;  // the SendClocks clock it holds
        int sender = -1;
        int clock = 0;
    };
    struct Signal {
        std::vector<std::int32_t> local;
        int sends = 0;
        int last_send = 0;
        int waiters = 0;
    };
    /// `block` now also knows everything `local` (a local clock of its gpu) knows.
    void join_local(int block, const std::int32_t* local);
    /// After `block`'s send clock grew: the local clocks of its own gpu's sends it now knows of.
    void learn_own_sends(int block);
    /// Flat index of step `step` of `block`.
    std::size_t step_index(int block, int step) const { return step_base_[block] + step; }

    const ProgramLayout& layout_;
    std::vector<int> local_index_;         // block -> position among its gpu's thread blocks
    std::vector<std::size_t> local_base_;  // block -> offset of its local clock in local_
    std::vector<std::int32_t> local_;
    std::vector<int> sender_index_;              // block -> entry in send clocks, -1: never sends
    std::vector<std::vector<int>> gpu_senders_;  // gpu -> its sending thread blocks
    SendClocks sends_;
    std::vector<int> send_clock_;  // block -> the SendClocks clock it holds
    std::vector<int> last_send_;   // block -> latest own send step + 1
    std::vector<std::size_t> step_base_;
    std::vector<std::int64_t> send_snapshot_;  // flat step -> offset in send_snapshots_, -1
    std::vector<std::int32_t> send_snapshots_;
    std::vector<int> waiters_;    // flat step -> waits that will join its signal
    std::vector<int> signal_at_;  // flat step -> index in signals_, -1
    std::vector<Signal> signals_;
    std::vector<Message> messages_;
};

}  // namespace trivcheck::msccl
