#pragma once
#include <string>
#include <vector>

#include "models/generator.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// Where a schedule departs from the correct one of its shape: in step
/// `step`, the messages src -> dst applied as `op` carry `extra` blocks the
/// correct schedule does not send that way, and lack `lacks`.
struct TransferDifference {
    int step = 0;
    int src = 0;
    int dst = 0;
    Op op = Op::reduce;
    std::vector<int> lacks;
    std::vector<int> extra;
};

/// Every difference between `schedule` and `correct` (same ranks, blocks
/// and steps), by step, source, destination and op.
std::vector<TransferDifference> transfer_differences(const Schedule& schedule,
                                                     const Schedule& correct);

/// One line on what `schedule` still holds of a mistake: how it differs from
/// `request`'s generator at the schedule's own n ("differs from trivance-B-3
/// in 1 place: step 0, 0 -> 1 reduce lacks block 1"), or why no correct
/// schedule of that shape is known (another block or step count, or no
/// generator).
std::string difference_summary(const Schedule& schedule, const GeneratorRequest& request);

}  // namespace trivcheck
