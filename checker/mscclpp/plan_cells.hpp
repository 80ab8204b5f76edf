#pragma once
#include <array>
#include <utility>
#include <vector>

#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp {

/// The cells an execution tracks: every piece of every chunk of every gpu's
/// buffers, with the buffers of an in-place plan aliased as the collective
/// lays them out (docs/mscclpp.md, Buffers). A chunk has `pieces` pieces so
/// that thread-block groups and pipeline iterations, which split chunks, touch
/// whole cells.
class CellLayout {
  public:
    CellLayout(const Plan& plan, int pieces);

    int pieces() const { return pieces_; }
    int count() const { return count_; }
    /// The cell of piece `piece` of chunk `chunk` of `gpu`'s `buffer` in
    /// launch `launch`: the same cell in every launch, except scratch with
    /// use_double_scratch_buffer, whose halves alternate.
    int cell(int gpu, BufferKind buffer, int chunk, int piece, int launch = 0) const;

    /// Where a cell lives, in its canonical buffer.
    struct Place {
        int gpu = 0;
        BufferKind buffer = BufferKind::input;
        int chunk = 0;
        int piece = 0;
    };
    Place place(int cell) const;
    /// Whether `cell` is gpu `gpu`'s (place(cell).gpu == gpu), without
    /// place's search: every remote write of a step asks.
    bool on_gpu(int cell, int gpu) const {
        const auto at = static_cast<std::size_t>(gpu);
        return cell >= first_[at][0] &&
               cell < (at + 1 == first_.size() ? count_ : first_[at + 1][0]);
    }

  private:
    /// The canonical (buffer, chunk) that (gpu, buffer, chunk) aliases.
    std::pair<BufferKind, int> canonical(int gpu, BufferKind buffer, int chunk) const;
    /// What the collective's in-place layout makes of (gpu, buffer, chunk).
    std::pair<BufferKind, int> aliased_place(int gpu, BufferKind buffer, int chunk) const;

    const Plan& plan_;
    /// The plan's collective, told once: every cell a step touches asks.
    bool allgather_;
    bool reducescatter_;
    int pieces_;
    int count_ = 0;
    // [gpu][buffer]: the first cell of that buffer; [3]: the second scratch
    // half (without one, the first: its cells are the scratch's). Where a
    // cell lives is worked out from these, not kept per cell (117 MiB at
    // 1,024 ranks, and a cache miss per look).
    std::vector<std::array<int, 4>> first_;
};

}  // namespace trivcheck::mscclpp
