#pragma once
#include <string>

#include "models/generator.hpp"
#include "models/rotation_orbit.hpp"

namespace trivcheck {

/// How NCCL cuts one call of n ranks (docs/nccl.md): `channels` channels
/// side by side (enqueue.cc splits a call over its channels), each running
/// `loops` rounds of its kernel's gridOffset loop one after the other.
struct NcclCall {
    int ranks = 0;
    int channels = 1;
    int loops = 1;
};

/// MAXCHANNELS (src/include/device.h): no call runs on more channels.
inline constexpr int nccl_most_channels = 64;

/// The call `request` describes, each group of `chunks_per_group` blocks one
/// (loop, channel) pair's chunks; NotApplicable for fewer than 2 ranks, a
/// channel count NCCL has no room for, or more blocks than a schedule holds.
NcclCall nccl_call(const GeneratorRequest& request, int chunks_per_group);

/// The block of chunk `chunk` of `channel` in `loop`: (channel·L + loop)·g +
/// chunk for groups of g chunks, in buffer order (ncclCollCbdPart gives each
/// channel one contiguous part, which its loops walk); chunk k of every group
/// belongs to rank k when g = n (Schedule::owner_of_block, rotate_block).
inline int nccl_block(const NcclCall& call, int loop, int channel, int chunk,
                      int chunks_per_group) {
    return (channel * call.loops + loop) * chunks_per_group + chunk;
}

/// The orbit of a call of `request.algo` whose (channel, loop) groups hold
/// n chunks each, chunk k rank k's (nccl_ring, nccl_pat), on a ring of n
/// ranks, without steps: named "ALGO-COLLECTIVE-n[-variant]-cC-lL", one port
/// a channel, since every channel has its own connections (connectRings, the
/// PAT connections) and a rank sends one message a channel in a step.
RotationOrbit nccl_group_orbit(const GeneratorRequest& request, const NcclCall& call,
                               const std::string& variant);

/// The schedule `ring_orbit` (built on a ring of n ranks) stands for, on
/// `topology`: NCCL numbers the ranks the same way on every topology, and on
/// any but the ring the executor routes each message over its shortest path.
Schedule on_whole_topology(const RotationOrbit& ring_orbit, const Topology& topology);

}  // namespace trivcheck
