#include "checker/asynchronous/race_detector.hpp"

#include <algorithm>

namespace trivcheck::msccl {

std::optional<AccessSite> RaceDetector::access(int cell, const AccessSite& site,
                                               const HappensBefore& clocks) {
    CellAccesses& accesses = cells_[cell];
    const Epoch now = clocks.epoch(site.block);
    std::optional<AccessSite> conflict;
    if (accesses.last_write && accesses.last_write->epoch.block != site.block &&
        !clocks.happens_before(accesses.last_write->epoch, site.block))
        conflict = accesses.last_write->site;
    if (site.write) {
        for (const Recorded& read : accesses.reads)
            if (!conflict && read.epoch.block != site.block &&
                !clocks.happens_before(read.epoch, site.block))
                conflict = read.site;
        accesses.reads.clear();
        accesses.last_write = Recorded{now, site};
        return conflict;
    }
    std::erase_if(accesses.reads, [&](const Recorded& read) {
        return clocks.happens_before(read.epoch, site.block);
    });
    accesses.reads.push_back({now, site});
    return conflict;
}

}  // namespace trivcheck::msccl
