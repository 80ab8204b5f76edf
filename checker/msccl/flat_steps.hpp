#pragma once
#include <cstddef>
#include <vector>

#include "checker/core/program_layout.hpp"

namespace trivcheck::msccl {

/// Every step of a program numbered flat (thread block after thread block),
/// and for each step that waits (depid), the step that releases it: the
/// first signalling step (hasdep) of the waited thread block at or after
/// `deps` (docs/msccl.md).
class FlatSteps {
  public:
    explicit FlatSteps(const ProgramLayout& layout);

    std::size_t index(int block, int step) const { return base_[block] + step; }
    std::size_t count() const { return base_.back(); }
    /// The step of the waited thread block whose completion releases step
    /// `step` of `block`; -1 when it waits for nothing or for a step that
    /// never signals.
    int released_by(int block, int step) const { return released_by_[index(block, step)]; }
    /// The thread block (layout index) step `step` of `block` waits for; -1
    /// when it waits for nothing or for a thread block its gpu does not have.
    int waited_block(int block, int step) const { return waited_block_[index(block, step)]; }

  private:
    std::vector<std::size_t> base_;
    std::vector<int> released_by_;
    std::vector<int> waited_block_;
};

}  // namespace trivcheck::msccl
