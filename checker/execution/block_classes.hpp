#pragma once
#include <cstdint>
#include <vector>

#include "models/schedule.hpp"

namespace trivcheck {

/// The blocks of a schedule grouped by the messages that carry them: two
/// blocks are in one class when every transfer of every step carries both or
/// neither. A block's cells change only by the transfers that carry it, in
/// the same order for every block of its class, so an all-reduce's blocks of
/// one class start equal and stay equal: executing the first block of each
/// class gives every verdict the whole schedule would (docs/model.md,
/// "Block classes").
/// Recursive doubling B and Swing B on n ranks, folded onto P, have 2P classes
/// of their 2n blocks (block b travels as its core owner b mod P does).
struct BlockClasses {
    std::vector<int> class_of;  // [block] -> class, numbered in order of first block
    int count = 0;

    /// [block] -> 1 for the first block of its class, the one executed.
    std::vector<std::uint8_t> representatives() const;
};

/// Partition refinement by every distinct block set of the schedule's
/// transfers and local operations; costs one pass over the distinct sets.
BlockClasses block_classes(const Schedule& schedule);

}  // namespace trivcheck
