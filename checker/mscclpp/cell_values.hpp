#pragma once
#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "checker/core/zeroed_array.hpp"
#include "checker/mscclpp/plan.hpp"
#include "checker/mscclpp/reduction_trees.hpp"

namespace trivcheck::mscclpp {

/// The contributions a cell holds: sorted ids (CellLayout-independent:
/// contribution_id), one entry per copy, so a double count shows twice.
using Contents = std::vector<int>;

/// Contribution id of piece `piece` of input chunk `chunk` of gpu `gpu`, as
/// the caller writes it before launch `launch`.
inline int contribution_id(int launch, int gpu, int chunk, int piece, int input_stride, int pieces,
                           int gpus) {
    return ((launch * gpus + gpu) * input_stride + chunk) * pieces + piece;
}

/// Per range, per gpu of the range, the cells piece by piece.
using RangesCells = std::vector<std::vector<std::vector<int>>>;
/// The first ranges of a RangesCells kept from step to step: a step with
/// fewer ranges than the last leaves the others' room for the next.
using RangesCellsView = std::span<const std::vector<std::vector<int>>>;

/// The symbolic value of every cell: its reduction tree, whose leaves are
/// the contributions it holds. A copy shares the value it copies, so
/// gathering a sum onto every gpu costs an int per cell, not the sum's length.
class CellValues {
  public:
    /// What one cell holds: an index into the trees, -1: none.
    struct Value {
        int tree = -1;
    };

    /// Values of `cells` cells holding contributions 0 to `contributions` - 1.
    /// A run that `reduces` gets room for a sum per contribution, made
    /// without growing: a reduction that adds each contribution in once
    /// makes a sum for each (Trivance B at 1,024 ranks: 2,095,104 sums of
    /// 2,097,152 contributions).
    CellValues(int cells, int contributions, bool reduces = false);

    /// A cell starts holding contribution `contribution` (a leaf).
    void start(int cell, int contribution);
    Value of(int cell) const { return {cells_[static_cast<std::size_t>(cell)] - 1}; }
    void set(int cell, Value value) { cells_[static_cast<std::size_t>(cell)] = value.tree + 1; }
    /// The value of the cells `addends` added in their order (none: no value).
    Value sum(const std::vector<int>& addends);

    /// What `op` writes to the cells of `destinations`, in order, from the
    /// cells of `sources` (before any of them is written): a reduction sums
    /// every source piece by piece; any other operation copies source i (or
    /// the last) to destination i. Into `written`, emptied first.
    void step_values(const Operation& op, RangesCellsView sources, RangesCellsView destinations,
                     std::vector<std::pair<int, Value>>& written);

    /// The contributions of `cell`'s value, sorted.
    Contents contents(int cell) const { return trees_.contributions(tree(cell)); }
    int tree(int cell) const { return of(cell).tree; }
    const ReductionTrees& trees() const { return trees_; }

  private:
    /// A reduction's sums, piece by piece, in the kernel's order of
    /// additions, into `summed_`.
    void sum_pieces(const Operation& op, RangesCellsView sources);

    ReductionTrees trees_;
    /// Per cell, its value's tree plus one (0: none), so that a cell not yet
    /// written is zero bytes, memory the kernel clears only once written.
    ZeroedArray<int> cells_;
    /// Kept from step to step, so that a reduction allocates nothing (7.6
    /// million allocations at 1,024 ranks): per piece, its addends; the sums.
    std::vector<std::vector<int>> addends_;
    std::vector<Value> summed_;
};

}  // namespace trivcheck::mscclpp
