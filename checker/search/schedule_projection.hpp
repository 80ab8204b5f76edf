#pragma once
#include <vector>

#include "models/schedule.hpp"

namespace trivcheck {

/// Sub-schedules for shrinking a counterexample: each keeps the listed items
/// (ascending indices) and renumbers what remains consistently, so the
/// result is again a well-formed schedule. A transfer left without blocks is
/// dropped; a step left without transfers stays (steps are removed by
/// keep_steps only).

/// Keeps ranks `kept` (at least 2), renumbered 0.. in order. A ring shrinks
/// to a ring of the kept size; a graph to its induced subgraph. When the
/// block count is a multiple k of n, block q·n + s belongs to rank s, so
/// the blocks of removed ranks go too and the rest are renumbered to
/// q·n' + s' (ownership is kept); otherwise the blocks stay as they are.
/// Not for tori (a torus minus a rank is no torus): returns `schedule`.
Schedule keep_ranks(const Schedule& schedule, const std::vector<int>& kept);

/// Keeps steps `kept`; per-step bounds follow their steps.
Schedule keep_steps(const Schedule& schedule, const std::vector<int>& kept);

/// Keeps blocks `kept` (at least 1), renumbered 0.. in order.
Schedule keep_blocks(const Schedule& schedule, const std::vector<int>& kept);

/// Keeps transfers `kept`, numbered across the whole schedule in step order.
Schedule keep_transfers(const Schedule& schedule, const std::vector<int>& kept);

/// Keeps local operations `kept`, numbered across the whole schedule in step order.
Schedule keep_local_operations(const Schedule& schedule, const std::vector<int>& kept);

/// Drops the scratch buffers no transfer or local operation names (they stay
/// empty and are never read, so the verdict cannot change) and renumbers the rest.
Schedule drop_unused_buffers(const Schedule& schedule);

/// One block of one transfer, the finest item a shrink removes.
struct TransferBlock {
    int transfer = 0;  // numbered across the whole schedule in step order
    int block = 0;
    friend bool operator==(const TransferBlock&, const TransferBlock&) = default;
};

/// Every (transfer, block) of the schedule, in order.
std::vector<TransferBlock> transfer_blocks(const Schedule& schedule);

/// Keeps only the (transfer, block) pairs `kept` (in transfer_blocks order).
Schedule keep_transfer_blocks(const Schedule& schedule, const std::vector<TransferBlock>& kept);

}  // namespace trivcheck
