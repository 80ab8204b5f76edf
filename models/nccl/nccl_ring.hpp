#pragma once
#include <cstdint>
#include <vector>

#include "models/generator.hpp"
#include "models/rotation_orbit.hpp"

namespace trivcheck {

/// NCCL's ring (docs/nccl.md): request.collective as runRing orders it
/// (all_reduce.h, all_gather.h, reduce_scatter.h) on the ring 0 → 1 → … →
/// n−1 of every channel (connectRings, one GPU per node), request.channels
/// channels side by side and request.loops loops one after the other, one
/// step per primitive: 2(n−1) steps a loop for all-reduce, n−1 for the others.
/// Block (channel c, loop l, chunk k) is (c·L + l)·n + k (nccl_block).
Schedule generate_nccl_ring(const GeneratorRequest& request);
/// The same schedule as rank 0's messages (every rank runs the same
/// primitives at its own ring index); the ring topology only.
RotationOrbit generate_nccl_ring_orbit(const GeneratorRequest& request);

/// The elements of every chunk of one channel's part, loop by loop, as
/// runRing (all_reduce.h) cuts `channel_count` elements into loops of n
/// chunks of `chunk_count`: in the last, shorter loop the chunk is
/// alignUp(divUp(rest, n), 16 / element_size), and nelem = min(chunk, rest −
/// chunk offset), 0 for a chunk that starts past the end (runRing still runs
/// its primitive, moving nothing).
std::vector<std::vector<std::int64_t>> nccl_ring_chunk_elements(std::int64_t channel_count,
                                                                std::int64_t chunk_count, int n,
                                                                int element_size);

}  // namespace trivcheck
