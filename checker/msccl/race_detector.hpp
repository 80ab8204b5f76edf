#pragma once
#include <optional>
#include <vector>

#include "checker/msccl/local_clocks.hpp"
#include "models/msccl_program.hpp"

namespace trivcheck::msccl {

/// One access to a chunk: step `step` of flat thread block `block`, to chunk
/// `chunk` of `buffer` as the step names it.
struct AccessSite {
    int block = -1;
    int step = -1;
    Buffer buffer = Buffer::input;
    int chunk = -1;
    bool write = false;
};

/// An earlier access a new one is unordered with: step `step` of flat thread
/// block `block`, writing or reading. Which chunk, as the step names it, the
/// caller knows from the step and the cell (SymbolicExecution::site_of).
struct EarlierAccess {
    int block = -1;
    int step = -1;
    bool write = false;
};

/// FastTrack-style race detection (Flanagan and Freund, PLDI 2009): per cell
/// the last write as one epoch, and the reads since it only while they are
/// mutually unordered, so an access costs O(1) in the common case. A cell is
/// 16 bytes: the steps of its last write and of its one read; the rare cells
/// with several unordered reads keep them in a list of their own. A step is
/// kept, not the chunk it named: that follows from the step and the cell.
class RaceDetector {
  public:
    explicit RaceDetector(int cells) : cells_(static_cast<std::size_t>(cells)) {}

    /// Records `site`'s access to `cell` by a thread block whose local clock
    /// is in `clocks`; returns an earlier access it is unordered with, if any.
    std::optional<EarlierAccess> access(int cell, const AccessSite& site,
                                        const LocalClocks& clocks);

  private:
    /// A step that accessed the cell; its epoch is (block, step + 1), the
    /// thread block's own clock entry while the step runs. Block -1: none.
    struct StepRef {
        int block = -1;
        int step = -1;
    };
    /// In `CellAccesses::read`, block `several_reads`: the reads are in list
    /// `step` of several_reads_.
    static constexpr int several_reads = -2;
    struct CellAccesses {
        StepRef last_write;
        StepRef read;  // the one read since the last write, or the list of several
    };
    /// An empty list of reads, reused when one was let go.
    int take_list();

    std::vector<CellAccesses> cells_;
    std::vector<std::vector<StepRef>> several_reads_;
    std::vector<int> free_lists_;
};

}  // namespace trivcheck::msccl
