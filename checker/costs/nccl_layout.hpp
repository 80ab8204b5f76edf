#pragma once
#include <cstdint>
#include <vector>

#include "checker/costs/nccl_tuning.hpp"

namespace trivcheck {

/// One all-reduce call as NCCL 2.30.7 cuts it (docs/nccl.md, "Which order
/// element e is summed in"): its algorithm and protocol, the channels
/// topoGetAlgoInfo lets it use (nMaxChannels) out of the communicator's,
/// and its count of elements of `element_size` bytes. One GPU per node,
/// alone in its kernel plan.
struct NcclCallShape {
    NcclAlgorithm algorithm = NcclAlgorithm::ring;
    NcclProtocol protocol = NcclProtocol::simple;
    int ranks = 2;
    /// The search channels C (ncclTopoCompute's graph): channels c mod 2C < C
    /// run tree 0, the others tree 1 (connectTrees, copyChannels).
    int search_channels = 1;
    /// comm->nChannels after ncclTopoPostset.
    int comm_channels = 2;
    /// task->nMaxChannels (enqueue.cc topoGetAlgoInfo).
    int call_channels = 1;
    int element_size = 4;
    std::uint64_t count = 0;
};

/// One channel's contiguous part of the buffer (device.h ncclCollCbdPart),
/// in elements, and the chunk its kernel loop walks it by.
struct NcclChannelPart {
    int channel = 0;
    std::uint64_t offset = 0;
    std::uint64_t count = 0;
    std::uint64_t chunk_count = 0;
};

/// The parts scheduleCollTasksToPlan (enqueue.cc) gives the call's channels
/// 0, 1, …: cells of 32 KiB of traffic, the lo, mid and hi channels; each
/// part's chunk from calcCollChunking (enqueue.cc) for that part alone.
/// Into `parts` (cleared first, so a scan over sizes reuses its room).
void nccl_channel_parts(const NcclCallShape& call, std::vector<NcclChannelPart>& parts);

/// calcCollChunking's chunk, bytes, for a part of `part_bytes` on one channel.
std::uint64_t nccl_chunk_bytes(const NcclCallShape& call, std::uint64_t part_bytes);

/// Where element `element` of the call is summed: its channel, and for the
/// ring the loop of runRing (all_reduce.h) and the chunk of that loop, whose
/// sum starts at ring index chunk + 1 and ends at chunk; for the tree the
/// tree of its channel (runTreeSplit's order does not depend on the chunk).
struct NcclElementPlace {
    int channel = 0;
    std::uint64_t loop = 0;
    int chunk = 0;
    int tree = 0;
};
NcclElementPlace nccl_element_place(const NcclCallShape& call,
                                    const std::vector<NcclChannelPart>& parts,
                                    std::uint64_t element);

/// The tree a channel runs on: channel c copies channel c mod 2C, which is
/// tree 0 below C (connect.cc connectTrees: channel c + C is tree 1).
int nccl_tree_of_comm_channel(int channel, int search_channels);

}  // namespace trivcheck
