#pragma once
#include <cstdint>
#include <vector>

#include "checker/core/program_layout.hpp"
#include "checker/msccl/flat_steps.hpp"
#include "checker/msccl/local_clocks.hpp"
#include "checker/msccl/send_chains.hpp"
#include "checker/msccl/send_clocks.hpp"

namespace trivcheck::msccl {

/// Happens-before between the thread blocks of one gpu (docs/msccl.md: program
/// order, send → its receive, completed signalling step → the step waiting on
/// it), exact, with clocks per gpu. Races are only between thread blocks of one
/// gpu, so each thread block keeps a *local* clock (an entry per thread block of
/// its gpu). Order that leaves a gpu and comes back must leave through a send,
/// so each thread block also keeps, shared copy-on-write, a *send* clock: per
/// chain of sends of the program (SendChains), its latest send ordered before
/// (SendClocks). A receive joins the message's send clock, and for each chain
/// of its own gpu whose send it now knows of, the local clock that send had
/// (kept for every send).
class HappensBefore {
  public:
    /// `steps`: the layout's steps, which it outlives.
    HappensBefore(const ProgramLayout& layout, const FlatSteps& steps);

    /// Thread block `block` starts step `step`: its own entry becomes step + 1.
    void start_step(int block, int step);
    /// `block` sends at its current step; returns the message's id.
    int send(int block);
    /// `block` receives message `message` (an id `send` returned).
    /// Returns whether `block`'s local clock changed (beyond start_step's entry).
    bool receive(int block, int message);
    /// `block` completes its current step, which signals (hasdep).
    void signal(int block, int step);
    /// `block` waited for signalling step `step` of `waited` (same gpu).
    /// Returns whether `block`'s local clock changed.
    bool wait(int block, int waited, int step);
    /// `block` has run its last step: its send clock is let go (what others
    /// still need of it, its messages and signals hold).
    void finish(int block);

    /// Whether the access at `epoch` happens before everything `block` does
    /// now; both thread blocks of one gpu.
    bool happens_before(Epoch epoch, int block) const {
        return local_.happens_before(epoch, block);
    }
    /// How far `block` has seen into `other` (same gpu): the number of `other`'s
    /// steps ordered before it.
    int clock(int block, int other) const { return local_.clock(block, other); }
    /// Every thread block's local clock as it is now.
    const LocalClocks& local_clocks() const { return local_; }

    /// Clock entries allocated at most (local clocks, send snapshots, send clocks).
    std::size_t entries_allocated() const;

  private:
    /// A send as a send clock names it: its chain and its position there plus one (0: none).
    struct ChainedSend {
        int chain = 0;
        int rank = 0;
    };
    struct Message {
        int sends = 0;  // the SendClocks clock it holds
        ChainedSend send;
    };
    struct Signal {
        std::vector<std::int32_t> local;
        int sends = 0;
        ChainedSend last_send;
        int waiters = 0;
    };
    /// After `block`'s send clock grew: the local clocks of its own gpu's sends it now knows of.
    /// Returns whether that changed its local clock.
    bool learn_own_sends(int block);
    /// Send clock `clock` (held by the caller) knowing of `send`; returns the clock held
    /// afterwards.
    int knowing(int clock, ChainedSend send);
    ChainedSend chained(int ordinal) const {
        return {chains_.chain_of(ordinal), chains_.position_of(ordinal) + 1};
    }

    const ProgramLayout& layout_;
    const FlatSteps& steps_;
    SendChains chains_;
    LocalClocks local_;
    SendClocks sends_;
    std::vector<int> send_clock_;              // block -> the SendClocks clock it holds
    std::vector<ChainedSend> last_send_;       // block -> its latest own send (rank 0: none)
    std::vector<int> sends_made_;              // block -> its sends so far
    std::vector<std::int64_t> send_snapshot_;  // send ordinal -> offset in send_snapshots_, -1
    std::vector<std::int32_t> send_snapshots_;
    std::vector<int> waiters_;    // flat step -> waits that will join its signal
    std::vector<int> signal_at_;  // flat step -> index in signals_, -1
    std::vector<Signal> signals_;
    std::vector<Message> messages_;
};

}  // namespace trivcheck::msccl
