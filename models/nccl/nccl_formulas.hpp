#pragma once
#include "models/paper_formulas.hpp"

namespace trivcheck {

/// K and Θ of NCCL's algorithms as model values (docs/nccl.md), one loop on
/// one channel: the ring's 2(n−1) steps of m/n on one direction of a ring
/// (Θ = 2(n−1)/n); the tree's ⌊log₂ n⌋ steps up and as many down, every rank's
/// port carrying the vector twice (Θ = 2).
PaperFormulas nccl_ring_formulas();
PaperFormulas nccl_tree_formulas();
/// PAT aggregated on a ring: ⌈log₂ n⌉ steps, each putting half the vector on
/// the busiest link (Θ = ⌈log₂ n⌉/2).
PaperFormulas nccl_pat_formulas();

}  // namespace trivcheck
