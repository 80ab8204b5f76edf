#include "checker/lowering/chunk_accesses.hpp"

namespace trivcheck::msccl {

ChunkAccesses::ChunkAccesses(int chunks, int filled)
    : last_write_(static_cast<std::size_t>(chunks)),
      reads_(static_cast<std::size_t>(chunks)),
      filled_(static_cast<std::size_t>(chunks), 0) {
    for (int c = 0; c < filled; ++c) filled_[static_cast<std::size_t>(c)] = 1;
}

void ChunkAccesses::add_read_predecessors(int first, int count, std::vector<StepRef>& after) const {
    for (int c = first; c < first + count; ++c) {
        const StepRef& write = last_write_[static_cast<std::size_t>(c)];
        if (write.block >= 0) after.push_back(write);
    }
}

void ChunkAccesses::add_write_predecessors(int first, int count,
                                           std::vector<StepRef>& after) const {
    add_read_predecessors(first, count, after);
    for (int c = first; c < first + count; ++c)
        for (const StepRef& read : reads_[static_cast<std::size_t>(c)]) after.push_back(read);
}

void ChunkAccesses::record_read(int first, int count, StepRef step) {
    for (int c = first; c < first + count; ++c) {
        std::vector<StepRef>& reads = reads_[static_cast<std::size_t>(c)];
        bool replaced = false;
        for (StepRef& read : reads) {
            if (read.block != step.block) continue;
            read = step;
            replaced = true;
        }
        if (!replaced) reads.push_back(step);
    }
}

void ChunkAccesses::record_write(int first, int count, StepRef step) {
    for (int c = first; c < first + count; ++c) {
        last_write_[static_cast<std::size_t>(c)] = step;
        reads_[static_cast<std::size_t>(c)].clear();
    }
}

}  // namespace trivcheck::msccl
