#pragma once
#include <optional>
#include <vector>

#include "checker/asynchronous/happens_before.hpp"
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

/// FastTrack-style race detection (Flanagan and Freund, PLDI 2009): per cell
/// the last write as one epoch, and the reads since it only while they are
/// mutually unordered, so an access costs O(1) in the common case. A cell is
/// 36 bytes: its last write and, inline, its one read; the rare cells with
/// several unordered reads keep them in a list of their own.
class RaceDetector {
  public:
    explicit RaceDetector(int cells) : cells_(static_cast<std::size_t>(cells)) {}

    /// Records `site`'s access to `cell` by a thread block whose clock is in
    /// `clocks`; returns an earlier access it is unordered with, if any.
    std::optional<AccessSite> access(int cell, const AccessSite& site, const HappensBefore& clocks);

  private:
    /// An access as kept: its epoch is (block, step + 1), the thread block's
    /// own clock entry while the step runs. Block -1: none.
    struct Recorded {
        int block = -1;
        int step = -1;
        int chunk = -1;
        Buffer buffer = Buffer::input;
        bool write = false;
    };
    struct CellAccesses {
        Recorded last_write;
        Recorded read;   // the one read since the last write, when reads < 0
        int reads = -1;  // else: the index of the list in several_reads_
    };
    static Recorded recorded(const AccessSite& site) {
        return {site.block, site.step, site.chunk, site.buffer, site.write};
    }
    static AccessSite site(const Recorded& access) {
        return {access.block, access.step, access.buffer, access.chunk, access.write};
    }
    std::vector<CellAccesses> cells_;
    std::vector<std::vector<Recorded>> several_reads_;
    std::vector<int> free_lists_;
};

}  // namespace trivcheck::msccl
