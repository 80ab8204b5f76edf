#include "checker/asynchronous/race_detector.hpp"

#include <algorithm>

namespace trivcheck::msccl {

std::optional<AccessSite> RaceDetector::access(int cell, const AccessSite& access,
                                               const HappensBefore& clocks) {
    CellAccesses& accesses = cells_[cell];
    const auto ordered = [&](const Recorded& earlier) {
        return clocks.happens_before(Epoch{earlier.block, earlier.step + 1}, access.block);
    };
    const auto unordered_other = [&](const Recorded& earlier) {
        return earlier.block >= 0 && earlier.block != access.block && !ordered(earlier);
    };
    std::optional<AccessSite> conflict;
    if (unordered_other(accesses.last_write)) conflict = site(accesses.last_write);
    if (access.write) {
        if (accesses.reads < 0) {
            if (!conflict && unordered_other(accesses.read)) conflict = site(accesses.read);
        } else {
            std::vector<Recorded>& reads = several_reads_[accesses.reads];
            for (const Recorded& read : reads)
                if (!conflict && unordered_other(read)) conflict = site(read);
            reads.clear();
            free_lists_.push_back(accesses.reads);
            accesses.reads = -1;
        }
        accesses.read = Recorded{};
        accesses.last_write = recorded(access);
        return conflict;
    }
    if (accesses.reads < 0) {
        if (accesses.read.block < 0 || ordered(accesses.read)) {
            accesses.read = recorded(access);
            return conflict;
        }
        // A second read unordered with the first: the cell gets a list.
        if (free_lists_.empty()) {
            accesses.reads = static_cast<int>(several_reads_.size());
            several_reads_.emplace_back();
        } else {
            accesses.reads = free_lists_.back();
            free_lists_.pop_back();
        }
        several_reads_[accesses.reads] = {accesses.read, recorded(access)};
        accesses.read = Recorded{};
        return conflict;
    }
    std::vector<Recorded>& reads = several_reads_[accesses.reads];
    std::erase_if(reads, ordered);
    reads.push_back(recorded(access));
    return conflict;
}

}  // namespace trivcheck::msccl
