#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp {

/// One operation as a thread block executes it: a top-level operation once,
/// a pipeline's inner operation once per iteration (docs/mscclpp.md, Pipelines).
struct PlanStep {
    const Operation* operation = nullptr;
    /// Pipeline iteration, -1 outside a pipeline.
    int iteration = -1;
    /// The pipeline's num_chunks (its unit, in chunks of work per iteration).
    int pipeline_chunks = 0;
};

/// Iterations every pipeline runs in the checked execution: the executor's
/// count depends on the message size, and two is the least that shows one
/// iteration's operations meeting the next's.
inline constexpr int pipeline_iterations = 2;

/// The steps of one thread block, in program order.
std::vector<PlanStep> thread_block_steps(const ThreadBlock& block);

/// Whether some operation of `block` is a pipeline: its steps are not its
/// operations one each.
bool unrolls_pipeline(const ThreadBlock& block);

/// A thread block's steps in program order, read where they are: its
/// operations, one step each, or the steps thread_block_steps made where a
/// pipeline unrolls. A plan without pipelines keeps no steps of its own
/// (16 bytes a step: 28 MB at 1,024 ranks).
class StepList {
  public:
    StepList() = default;
    explicit StepList(std::span<const Operation> operations) : operations_(operations) {}
    explicit StepList(std::span<const PlanStep> unrolled)
        : unrolled_(unrolled), is_unrolled_(true) {}

    std::size_t size() const { return is_unrolled_ ? unrolled_.size() : operations_.size(); }
    PlanStep operator[](std::size_t step) const {
        return is_unrolled_ ? unrolled_[step] : PlanStep{&operations_[step], -1, 0};
    }

  private:
    std::span<const Operation> operations_;
    std::span<const PlanStep> unrolled_;
    bool is_unrolled_ = false;
};

/// Whether some thread block of `plan` runs a pipeline.
bool has_pipeline(const Plan& plan);

/// Pieces per chunk that make every step's range whole pieces: the least
/// common multiple of the thread-block group sizes, times pipeline_iterations
/// when a pipeline splits chunks.
int pieces_per_chunk(const Plan& plan);
/// pieces_per_chunk in 64 bits, for the readers' size checks: past int's range
/// it is some number above int's largest.
std::int64_t pieces_per_chunk_wide(const Plan& plan);

/// The pieces, relative to the start of a range of `size` chunks, that `step`
/// touches: its thread-block group's slice, and within that its pipeline
/// iteration's unit. [begin, end); empty when the iteration is past the slice.
struct PieceSpan {
    int begin = 0;
    int end = 0;
};
PieceSpan step_pieces(const PlanStep& step, int size, int pieces);

}  // namespace trivcheck::mscclpp
