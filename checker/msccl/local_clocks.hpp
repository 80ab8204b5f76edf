#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "checker/core/program_layout.hpp"

namespace trivcheck::msccl {

/// An access's moment: step `clock - 1` of flat thread block `block`.
struct Epoch {
    int block = -1;
    int clock = 0;
};

/// Per thread block, its *local* clock: an entry per thread block of its gpu,
/// how far it has seen into that one (the number of that one's steps ordered
/// before it). Races are only between thread blocks of one gpu, so these are
/// all a race check reads. HappensBefore keeps them as a run goes; the value
/// side of a run keeps a copy, fed row by row through a StepLog.
class LocalClocks {
  public:
    explicit LocalClocks(const ProgramLayout& layout);

    /// How far `block` has seen into `other` (same gpu).
    int clock(int block, int other) const { return entries_[base_[block] + index_[other]]; }
    /// Whether the access at `epoch` happens before everything `block` does
    /// now; both thread blocks of one gpu.
    bool happens_before(Epoch epoch, int block) const {
        return epoch.clock <= clock(block, epoch.block);
    }

    /// Thread block `block` starts step `step`: its own entry becomes step + 1.
    void start_step(int block, int step) { entries_[base_[block] + index_[block]] = step + 1; }
    /// `block` now also knows everything `row` (a local clock of its gpu)
    /// knows; returns whether that raised an entry.
    bool join(int block, const std::int32_t* row);
    /// `block`'s clock becomes `row`.
    void assign(int block, const std::int32_t* row);

    /// `block`'s clock: width(block) entries, one per thread block of its gpu.
    const std::int32_t* row(int block) const { return entries_.data() + base_[block]; }
    int width(int block) const { return static_cast<int>(base_[block + 1] - base_[block]); }
    /// The widest clock of the program.
    int widest() const { return widest_; }
    /// Entries of every clock together.
    std::size_t size() const { return entries_.size(); }

  private:
    std::vector<int> index_;  // block -> position among its gpu's thread blocks
    /// block -> offset of its clock in entries_; one more at the end.
    std::vector<std::size_t> base_;
    std::vector<std::int32_t> entries_;
    int widest_ = 0;
};

}  // namespace trivcheck::msccl
