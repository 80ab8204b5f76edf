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
/// mutually unordered, so an access costs O(1) in the common case.
class RaceDetector {
  public:
    explicit RaceDetector(int cells) : cells_(static_cast<std::size_t>(cells)) {}

    /// Records `site`'s access to `cell` by a thread block whose clock is in
    /// `clocks`; returns an earlier access it is unordered with, if any.
    std::optional<AccessSite> access(int cell, const AccessSite& site, const HappensBefore& clocks);

  private:
    struct Recorded {
        Epoch epoch;
        AccessSite site;
    };
    struct CellAccesses {
        std::optional<Recorded> last_write;
        std::vector<Recorded> reads;  // since the last write, none ordered before another
    };
    std::vector<CellAccesses> cells_;
};

}  // namespace trivcheck::msccl
