#pragma once
#include <z3++.h>

#include <vector>

#include "models/schedule.hpp"

// The whole execution of a schedule (docs/model.md) as Z3 integer terms, written
// from the specification alone: it shares no code with the symbolic executor
// (checker/execution/executor.cpp) or the reference replay, so that the two engines
// cross-examine each other.
//
// Encoding. One symbolic contributor c is shared by every term, as n 0-1
// integers e_x (e_x = 1 iff c = x, Σ e_x = 1, c = Σ x·e_x). The count of
// contribution c in block b of buffer u at rank r after step k is a linear
// term T_k(r, u, b) over the e_x, built from the concrete structure of the
// schedule:
//   T_{-1}(r, 0, b) = e_r        (allgather: 0 unless r owns b)
//   T_{-1}(r, u, b) = 0          (scratch buffers start empty)
// Each step first runs its local operations in list order, each on the terms
// the previous one left (L below): a reduce of buffer u into v at rank r
// makes L(r, v, b) = L(r, v, b) + L(r, u, b), a copy makes it L(r, u, b).
// Then, with S the terms after them,
//   T_k(r, u, b) = base + Σ S(src_i, u_i, b)   (the reduce transfers into (r, u))
// where base is S(src, u', b) of the step's first copy of b into buffer u of
// r (a copy replaces the value) or else S(r, u, b). A cell nothing writes keeps
// the very same term, and Z3 hash-conses equal subterms, so the terms form a
// DAG of about n·U·B + Σ_k (blocks moved in step k) nodes (U buffers) instead
// of the K·n·U·B·n counts a concrete replay holds. The terms are linear in the e_x
// and free of ite: the linear relaxation of "T ≥ 2" or "T ≠ 1" under
// Σ e_x = 1 is already exact (its optimum is a vertex, one e_x = 1), so the
// arithmetic solver refutes a correct cell without branching on c.

namespace trivcheck::proofs {

/// One input of a reduction: a transfer's message, the source buffer of a
/// local operation, or the receiver's own partial (transfer and local -1), or
/// the copy that replaced it.
struct CountInput {
    /// Index of the transfer in its step; -1 for the receiver's own partial.
    int transfer = -1;
    int src = -1;
    bool copy = false;
    z3::expr count;
    /// Index of the local operation in its step that read this input; -1 otherwise.
    int local = -1;
};

/// A reduction: rank `rank` adds at least one reduce message for `block` of
/// `buffer` in step `step` (a joint reduction, `local` -1), or a local reduce
/// operation (`local` its index in the step) adds its source buffer there;
/// `count` is the count after it.
struct ReductionTerm {
    int step = 0;
    int rank = 0;
    int block = 0;
    z3::expr count;
    /// The base (own partial or copy) first, then the reduce messages in transfer order.
    std::vector<CountInput> inputs;
    int buffer = main_buffer;
    int local = -1;
};

/// The count terms of one schedule, built once.
class CountTerms {
  public:
    /// The schedule must be well formed (ranks and blocks in range).
    CountTerms(z3::context& context, const Schedule& schedule);

    /// The symbolic contributor every term is a function of.
    const z3::expr& contributor() const { return contributor_; }
    /// e_x: 1 when the contributor is x, else 0.
    const z3::expr& is_contributor(int rank) const {
        return indicators_[static_cast<std::size_t>(rank)];
    }
    /// Ties the contributor to its indicators; to be asserted with any term.
    const z3::expr& contributor_domain() const { return domain_; }
    /// Every reduction, in (step, rank, block) order; at one (step, rank,
    /// block), the local reductions in list order, then the joint ones by buffer.
    const std::vector<ReductionTerm>& reductions() const { return reductions_; }
    /// T_{K-1}(rank, 0, block): the count in the rank's vector after the last step.
    const z3::expr& final_count(int rank, int block) const {
        return cells_[cell_of(rank, main_buffer, block)];
    }

  private:
    std::size_t cell_of(int rank, int buffer, int block) const {
        return (static_cast<std::size_t>(rank) * static_cast<std::size_t>(buffers_) +
                static_cast<std::size_t>(buffer)) *
                   static_cast<std::size_t>(blocks_) +
               static_cast<std::size_t>(block);
    }
    /// The step's local operations, in order; their reductions go to `found`.
    void apply_local(int step_index, const Step& step, std::vector<ReductionTerm>& found);
    void apply_step(int step_index, const Step& step);

    z3::context& context_;
    int ranks_;
    int blocks_;
    int buffers_;
    z3::expr contributor_;
    std::vector<z3::expr> indicators_;
    z3::expr domain_;
    std::vector<z3::expr> cells_;  // [cell_of(rank, buffer, block)], the current step's terms
    std::vector<ReductionTerm> reductions_;
};

}  // namespace trivcheck::proofs
