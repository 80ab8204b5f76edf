#pragma once
#include <vector>

#include "checker/core/contribution_sets.hpp"
#include "checker/core/program_layout.hpp"
#include "checker/core/reduction_trees.hpp"

namespace trivcheck::msccl {

/// One chunk of storage: its symbolic value, the ValueHistory event that
/// produced it, and the order of additions that made it (its reduction tree).
struct ChunkCell {
    SetId value = ContributionSets::empty;
    int event = -1;
    TreeId tree = ReductionTrees::none;
};

/// The physical buffers of every gpu (after in-place aliasing), as one flat
/// array of cells; `cell_index` names a cell for the race detector too. The
/// cells' events are kept only when asked for (a run that keeps the values'
/// history); without them every cell's event is -1.
class ChunkStore {
  public:
    ChunkStore(const ProgramLayout& layout, bool keep_events) : layout_(layout) {
        for (int gpu = 0; gpu < layout.gpu_count(); ++gpu)
            for (Buffer buffer : {Buffer::input, Buffer::output, Buffer::scratch}) {
                base_.push_back(cell_count_);
                cell_count_ += layout.physical_chunks(gpu, buffer);
            }
        values_.resize(cell_count_, ContributionSets::empty);
        trees_.resize(cell_count_, ReductionTrees::none);
        if (keep_events) events_.resize(cell_count_, -1);
    }

    /// The cell chunk `offset` of `buffer` names on gpu `gpu`.
    int cell_index(int gpu, Buffer buffer, int offset) const {
        const PhysicalChunk chunk = layout_.resolve(gpu, buffer, offset);
        return base_[gpu * 3 + static_cast<int>(chunk.buffer)] + chunk.index;
    }
    SetId value(int index) const { return values_[index]; }
    TreeId tree(int index) const { return trees_[index]; }
    ChunkCell cell(int index) const {
        return {values_[index], events_.empty() ? -1 : events_[index], trees_[index]};
    }
    void set(int index, const ChunkCell& cell) {
        values_[index] = cell.value;
        trees_[index] = cell.tree;
        if (!events_.empty()) events_[index] = cell.event;
    }
    int cell_count() const { return cell_count_; }

  private:
    const ProgramLayout& layout_;
    std::vector<int> base_;
    int cell_count_ = 0;
    std::vector<SetId> values_;
    std::vector<TreeId> trees_;
    std::vector<int> events_;  // empty: not kept
};

}  // namespace trivcheck::msccl
