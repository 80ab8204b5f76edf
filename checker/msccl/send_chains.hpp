#pragma once
#include <vector>

#include "checker/core/program_layout.hpp"
#include "checker/msccl/flat_steps.hpp"

namespace trivcheck::msccl {

/// The sends of each gpu cut into chains, each chain ordered by the gpu's own
/// order (program order and waits, docs/msccl.md): every send of a chain
/// happens before the next one whatever the other gpus do. A send clock then
/// needs one entry per chain instead of one per sending thread block: the
/// latest send of a chain that a step knows of stands for every earlier one,
/// since what those saw it saw too (HappensBefore). Chains are found greedily,
/// in an order the waits allow; a send that order never reaches (a wait that
/// is never released) has a chain of its own. Chains are numbered gpu by gpu;
/// sends are numbered too (their *ordinal*), thread block after thread block,
/// each thread block's in program order.
class SendChains {
  public:
    SendChains(const ProgramLayout& layout, const FlatSteps& steps);

    int count() const { return static_cast<int>(elements_.size()); }
    /// The chains of gpu `gpu`: [first_chain(gpu), first_chain(gpu + 1)).
    int first_chain(int gpu) const { return first_chain_[gpu]; }
    /// The ordinal of the first send of flat thread block `block`.
    int first_send(int block) const { return first_send_[block]; }
    /// The chain of send `ordinal`, and its position there (from 0).
    int chain_of(int ordinal) const { return chain_[ordinal]; }
    int position_of(int ordinal) const { return position_[ordinal]; }
    /// The send at position `position` of chain `chain`: its flat thread block, step and ordinal.
    struct Send {
        int block = -1;
        int step = -1;
        int ordinal = -1;
    };
    Send send(int chain, int position) const { return elements_[chain][position]; }
    int length(int chain) const { return static_cast<int>(elements_[chain].size()); }

  private:
    /// Cuts the sends of gpu `gpu` (flat thread blocks [first, end)) into chains.
    void cut_gpu(const ProgramLayout& layout, const FlatSteps& steps, int first, int end);
    void place(int chain, const Send& send);

    std::vector<int> first_chain_;
    std::vector<int> first_send_;  // per flat thread block, and one past the last
    std::vector<int> chain_;       // per send ordinal
    std::vector<int> position_;    // per send ordinal
    std::vector<std::vector<Send>> elements_;
};

}  // namespace trivcheck::msccl
