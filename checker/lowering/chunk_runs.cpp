#include "checker/lowering/chunk_runs.hpp"

#include <cassert>

namespace trivcheck::msccl {

std::vector<ChunkRun> contiguous_runs(const BlockSet& blocks, int max_count) {
    assert(max_count >= 1);
    std::vector<ChunkRun> runs;
    for (const int block : blocks.sorted()) {
        if (!runs.empty() && runs.back().first + runs.back().count == block &&
            runs.back().count < max_count) {
            ++runs.back().count;
        } else {
            runs.push_back({block, 1});
        }
    }
    return runs;
}

}  // namespace trivcheck::msccl
