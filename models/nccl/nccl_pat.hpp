#pragma once
#include "models/generator.hpp"
#include "models/rotation_orbit.hpp"

namespace trivcheck {

/// NCCL's PAT (docs/nccl.md; PatRSAlgorithm and PatAGAlgorithm in
/// src/include/collectives.h, one GPU per node): reduce-scatter as n binomial
/// reduction trees, one per destination D, each the same tree turned: the
/// rank at offset t = 1..n−1 before D (rank D − t) sends its partial for D to
/// rank D − t + lowbit(t), after the partials of its own children (offsets
/// t + 2^j, 2^j < lowbit(t)) have arrived. All-gather is the mirror (the
/// reduce-scatter reversed in time, as copies). request.pat_aggregation
/// "aggregated": one step per dimension d, rank r sending to r + 2^d every
/// partial whose offset has lowbit 2^d (n = 8: 4, 2, 1 blocks to r+1, r+2,
/// r+4); "step": the same partials one block a step, dimension by dimension
/// (not the order PatRSAlgorithm interleaves them in, docs/nccl.md). Channels
/// and loops as for nccl_ring (nccl_block, groups of n).
Schedule generate_nccl_pat(const GeneratorRequest& request);
/// The same schedule as rank 0's messages; the ring topology only.
RotationOrbit generate_nccl_pat_orbit(const GeneratorRequest& request);

}  // namespace trivcheck
