#pragma once
#include <vector>

#include "models/block_set.hpp"

namespace trivcheck::msccl {

/// Consecutive chunks [first, first + count).
struct ChunkRun {
    int first = 0;
    int count = 0;
};

/// The blocks of `blocks`, ascending, as maximal runs of consecutive blocks,
/// each cut into pieces of at most `max_count` (one MSCCL step's `cnt`).
std::vector<ChunkRun> contiguous_runs(const BlockSet& blocks, int max_count);

}  // namespace trivcheck::msccl
