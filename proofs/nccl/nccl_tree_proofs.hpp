#pragma once
#include <z3++.h>

#include <vector>

#include "proofs/query.hpp"

namespace trivcheck::proofs {

/// ncclGetBtree (src/graph/trees.cc) for every 2 <= n < 2^31, in 32-bit
/// vectors (docs/nccl.md, "Proofs"): every rank but 0 has a parent in range;
/// its parent lists it as d0 or d1; each child d0, d1 (and rank 0's child)
/// has that rank as its parent; and a parent's lowest set bit is higher than
/// its child's, or the parent is 0 (so parents never loop, every rank
/// reaches 0, and the depth is at most ⌊log₂ n⌋ + 1).
std::vector<Query> nccl_btree_queries(z3::context& context, int max_s);
/// ncclGetDtree's pair: for even n every rank is a leaf in tree 0 or tree 1;
/// for odd n every rank but 0 is, and rank 0 is a leaf in neither.
std::vector<Query> nccl_dtree_leaves_queries(z3::context& context, int max_s);
/// PAT's binomial trees (PatRSAlgorithm, PatAGAlgorithm): for every
/// 2 <= n < 2^31 each offset 1 <= t < n has the one parent t − lowbit(t) in
/// [0, t), whose lowest set bit is higher (or which is 0): each rank's
/// partial of each block is sent once, after its children's arrived, and
/// every rank receives every block exactly once in the all-gather.
std::vector<Query> nccl_pat_tree_queries(z3::context& context, int max_s);

}  // namespace trivcheck::proofs
