#pragma once
#include <vector>

#include "checker/asynchronous/program_layout.hpp"
#include "checker/core/contribution_sets.hpp"

namespace trivcheck::msccl {

/// One chunk of storage: its symbolic value and the ValueHistory event that produced it.
struct ChunkCell {
    SetId value = ContributionSets::empty;
    int event = -1;
};

/// The physical buffers of every gpu (after in-place aliasing), as one flat
/// array of cells; `cell_index` names a cell for the race detector too.
class ChunkStore {
  public:
    explicit ChunkStore(const ProgramLayout& layout) : layout_(layout) {
        for (int gpu = 0; gpu < layout.gpu_count(); ++gpu)
            for (Buffer buffer : {Buffer::input, Buffer::output, Buffer::scratch}) {
                base_.push_back(cell_count_);
                cell_count_ += layout.physical_chunks(gpu, buffer);
            }
        cells_.resize(cell_count_);
    }

    /// The cell chunk `offset` of `buffer` names on gpu `gpu`.
    int cell_index(int gpu, Buffer buffer, int offset) const {
        const PhysicalChunk chunk = layout_.resolve(gpu, buffer, offset);
        return base_[gpu * 3 + static_cast<int>(chunk.buffer)] + chunk.index;
    }
    ChunkCell& cell(int index) { return cells_[index]; }
    const ChunkCell& cell(int index) const { return cells_[index]; }
    int cell_count() const { return cell_count_; }

  private:
    const ProgramLayout& layout_;
    std::vector<int> base_;
    int cell_count_ = 0;
    std::vector<ChunkCell> cells_;
};

}  // namespace trivcheck::msccl
