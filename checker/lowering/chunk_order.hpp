#pragma once
#include <vector>

#include "models/schedule.hpp"

namespace trivcheck::msccl {

/// Where each block goes in the exported buffers: chunk_of[b] is block b's
/// chunk. Blocks that travel together are put next to each other (ordered by
/// the first transfer carrying them in step 1, then in step 2, ...), so that
/// a message's blocks are one run of chunks and one step can send and receive
/// them; the identity when that gives no fewer runs. Every gpu uses the same
/// order, so an allreduce of the reordered buffers is the same allreduce.
/// An all-gather's or reduce-scatter's blocks stay in their owner's slot:
/// the k = B / n blocks of rank h (b mod n = h) are chunks [h·k, h·k + k),
/// the part an MSCCL-IR allgather or reducescatter gives gpu h
/// (docs/msccl.md, Collectives); B must be a multiple of n.
std::vector<int> chunk_order(const Schedule& schedule);

/// Whether the schedule's blocks go to their owners' slots (an all-gather or
/// a reduce-scatter), not anywhere (an all-reduce).
bool owner_slots(const Schedule& schedule);

/// The schedule with block b renamed chunk_of[b] in every transfer and local operation.
Schedule with_blocks_renamed(const Schedule& schedule, const std::vector<int>& chunk_of);

}  // namespace trivcheck::msccl
