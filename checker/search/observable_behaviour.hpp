#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "checker/core/report.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// Everything a user of a schedule can observe, gathered by executing it:
/// the report's verdict and figures, the load (chunks and blocks) on every
/// directed link in every step, the messages and blocks every rank sends and
/// receives in every step, and the final contributor set of every cell. Two
/// schedules with equal behaviour cannot be told apart by any output.
struct ObservableBehaviour {
    Report report;
    /// [step][link]
    std::vector<std::vector<std::int64_t>> link_chunks;
    std::vector<std::vector<std::int64_t>> link_blocks;
    /// [step][rank]: messages sent, received, blocks sent, received.
    std::vector<std::vector<std::int64_t>> rank_traffic;
    /// Bit (rank·B + block)·n + contributor of the final state; empty when
    /// too large to keep (see observe).
    std::vector<std::uint64_t> final_cells;
    bool final_cells_kept = false;
};

/// Executes `schedule` and gathers its behaviour; the final state is kept
/// when n·B·n bits fit in `final_state_bits`.
ObservableBehaviour observe(const Schedule& schedule,
                            std::uint64_t final_state_bits = std::uint64_t{1} << 28);

/// The first observable difference between two behaviours, in words; nullopt
/// when they are equal. A behaviour whose final state was not kept differs
/// ("final state too large to compare"): equality must be proven, not assumed.
std::optional<std::string> first_difference(const ObservableBehaviour& a,
                                            const ObservableBehaviour& b);

/// Whether both schedules have, step by step, the same multiset of transfers
/// (source, destination, blocks, op, route): the same schedule up to order.
bool same_transfers(const Schedule& a, const Schedule& b);

}  // namespace trivcheck
