#pragma once
#include <vector>

#include "checker/lowering/thread_block_builder.hpp"

namespace trivcheck::msccl {

/// The accesses of one gpu's chunks so far, per tracked chunk: the last write
/// and the reads since it, so that a new access can be ordered after the ones
/// it conflicts with (a read after the last write; a write after the last
/// write and every read since). Also whether each chunk may hold something.
class ChunkAccesses {
  public:
    /// `chunks` tracked chunks, the first `filled` of them holding a value at the start.
    ChunkAccesses(int chunks, int filled);

    /// What a read of chunks [first, first + count) must follow.
    void add_read_predecessors(int first, int count, std::vector<StepRef>& after) const;
    /// What a write of chunks [first, first + count) must follow.
    void add_write_predecessors(int first, int count, std::vector<StepRef>& after) const;
    void record_read(int first, int count, StepRef step);
    /// The last step that wrote `chunk` (block -1: none).
    StepRef last_write(int chunk) const { return last_write_[static_cast<std::size_t>(chunk)]; }
    void record_write(int first, int count, StepRef step);

    bool holds_value(int chunk) const { return filled_[static_cast<std::size_t>(chunk)] != 0; }
    void set_holds_value(int chunk, bool holds) {
        filled_[static_cast<std::size_t>(chunk)] = holds ? 1 : 0;
    }

  private:
    std::vector<StepRef> last_write_;
    /// Per chunk, the reads since its last write: at most one per thread block (its latest).
    std::vector<std::vector<StepRef>> reads_;
    std::vector<char> filled_;
};

}  // namespace trivcheck::msccl
