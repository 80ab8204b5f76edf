#pragma once
#include <vector>

#include "models/schedule.hpp"

namespace trivcheck::msccl {

/// A step's transfers as the messages the export sends: those with the same
/// ends, buffers and operation are one message when their blocks are
/// disjoint, unless each is one run of blocks and together they are not (two
/// runs apart are two messages of one step each rather than one message
/// packed in scratch), and, for copies, no other copy to that receiver and
/// buffer carries one of their blocks (so which copy comes first cannot
/// change). `blocks_in_schedule`: the schedule's B.
std::vector<Transfer> merged_messages(const std::vector<Transfer>& transfers,
                                      int blocks_in_schedule);

}  // namespace trivcheck::msccl
