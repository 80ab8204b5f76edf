#pragma once
// What the fast-path tests (block classes, fold cores, XOR orbits) compare
// against and how they break a schedule: the plain path's report, a message
// made one block short, and whether a report names a block.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "checker/execution/executor.hpp"
#include "checker/reports/report_json.hpp"

namespace trivcheck::testing {

/// The report of every rank and block executed, no fast path (use_symmetry false), as JSON.
inline std::string plain_report_json(const Schedule& schedule) {
    ExecuteOptions plain;
    plain.use_symmetry = false;
    return report_to_json(execute(schedule, plain)).dump();
}

/// Leaves the highest block out of `transfer` (which carries two or more); returns it.
inline int drop_last_block(Transfer& transfer, int blocks) {
    std::vector<int> kept = transfer.blocks.sorted();
    REQUIRE(kept.size() >= 2);
    const int dropped = kept.back();
    kept.pop_back();
    transfer.blocks = BlockSet(kept, blocks);
    return dropped;
}

/// Whether some violation listed in `report` is about block `block`.
inline bool lists_block(const Report& report, int block) {
    for (const Violation& violation : report.violations)
        if (violation.block == block) return true;
    return false;
}

}  // namespace trivcheck::testing
