#pragma once
#include <cstdint>
#include <vector>

namespace trivcheck::msccl {

/// An access's moment: step `clock - 1` of flat thread block `block`.
struct Epoch {
    int block = -1;
    int clock = 0;
};

/// Happens-before over thread blocks (docs/msccl.md: program order, send → its
/// receive, completed signalling step → the step waiting on it), as one vector
/// clock per thread block; snapshots are kept for messages and signalling steps.
class VectorClocks {
  public:
    explicit VectorClocks(int blocks);

    /// Thread block `block` starts step `step`: its own entry becomes step + 1.
    void start_step(int block, int step);
    /// `block` has now seen everything snapshot `snapshot` saw.
    void join(int block, int snapshot);
    /// Saves `block`'s clock; returns the snapshot's id.
    int snapshot(int block);

    /// Whether the access at `epoch` happens before everything `block` does now.
    bool happens_before(Epoch epoch, int block) const {
        return epoch.clock <= clock(block, epoch.block);
    }
    /// How far `block` has seen into `other`: the number of `other`'s steps ordered before it.
    int clock(int block, int other) const { return clocks_[std::size_t(block) * blocks_ + other]; }
    Epoch epoch(int block) const { return {block, clock(block, block)}; }

  private:
    std::size_t blocks_;
    std::vector<std::int32_t> clocks_;
    std::vector<std::int32_t> snapshots_;
};

}  // namespace trivcheck::msccl
