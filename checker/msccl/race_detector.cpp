#include "checker/msccl/race_detector.hpp"

#include <algorithm>

namespace trivcheck::msccl {

std::optional<EarlierAccess> RaceDetector::access(int cell, const AccessSite& access,
                                                  const LocalClocks& clocks) {
    CellAccesses& accesses = cells_[cell];
    const auto ordered = [&](const StepRef& earlier) {
        return clocks.happens_before(Epoch{earlier.block, earlier.step + 1}, access.block);
    };
    std::optional<EarlierAccess> conflict;
    // The first earlier access of another thread block not ordered before this one.
    const auto check = [&](const StepRef& earlier, bool write) {
        if (!conflict && earlier.block >= 0 && earlier.block != access.block && !ordered(earlier))
            conflict = EarlierAccess{earlier.block, earlier.step, write};
    };
    check(accesses.last_write, true);
    const StepRef here{access.block, access.step};
    if (access.write) {
        if (accesses.read.block == several_reads) {
            std::vector<StepRef>& reads = several_reads_[accesses.read.step];
            for (const StepRef& read : reads) check(read, false);
            reads.clear();
            free_lists_.push_back(accesses.read.step);
        } else {
            check(accesses.read, false);
        }
        accesses.read = StepRef{};
        accesses.last_write = here;
        return conflict;
    }
    if (accesses.read.block == several_reads) {
        std::vector<StepRef>& reads = several_reads_[accesses.read.step];
        std::erase_if(reads, ordered);
        reads.push_back(here);
    } else if (accesses.read.block < 0 || ordered(accesses.read)) {
        accesses.read = here;
    } else {
        // A second read unordered with the first: the cell gets a list.
        const int list = take_list();
        several_reads_[list] = {accesses.read, here};
        accesses.read = {several_reads, list};
    }
    return conflict;
}

int RaceDetector::take_list() {
    if (free_lists_.empty()) {
        several_reads_.emplace_back();
        return static_cast<int>(several_reads_.size()) - 1;
    }
    const int list = free_lists_.back();
    free_lists_.pop_back();
    return list;
}

}  // namespace trivcheck::msccl
