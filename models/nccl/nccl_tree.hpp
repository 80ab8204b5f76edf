#pragma once
#include "models/generator.hpp"

namespace trivcheck {

/// NCCL's double binary tree all-reduce (docs/nccl.md): runTreeSplit
/// (all_reduce.h) on the trees of ncclGetDtree (trees.cc, models/nccl/nccl_trees.hpp).
/// Channel c of C runs on tree 0 when c < ⌈C/2⌉, else on tree 1 (connectTrees
/// gives the first half of a communicator's channels tree 0; one channel:
/// tree 0 only); each channel carries one chunk a loop, block c·L + l.
/// Up: a rank of height h sends loop l's partial in step l + h, after adding
/// its children's partials (scratch buffers "down0", "down1", kept as NCCL's
/// receive buffers are) to its own input in tree->down's order. Down: the
/// root of height H sends loop l's sum in step l + H, a rank at depth d
/// forwards it in step l + H + d; both directions and the loops pipeline.
Schedule generate_nccl_tree(const GeneratorRequest& request);

/// The tree channel `channel` of a call on `channels` channels runs on.
int nccl_tree_of_channel(int channel, int channels);

}  // namespace trivcheck
