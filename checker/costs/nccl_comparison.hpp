#pragma once
#include <cstdint>
#include <vector>

#include "checker/costs/cost_model.hpp"

namespace trivcheck {

/// A run of sizes [from, to) over which both NCCL's pick and the fastest
/// checked schedule stay, with the least and the largest of NCCL's estimate
/// over the schedule's α-β time (above 1: the schedule is faster).
struct NcclComparisonBand {
    std::uint64_t from = 0;
    std::uint64_t to = 0;
    /// Index into the row's NCCL candidates.
    int nccl_candidate = -1;
    /// Index into the row's competitors; -1 when none competes.
    int schedule = -1;
    double least_ratio = 0;
    double largest_ratio = 0;
};

/// NCCL's estimate for `bytes` over the fastest checked schedule's time
/// (0 when none competes).
double nccl_over_schedule(const TopologyCosts& row, const CostModel& model, std::uint64_t bytes,
                          int& schedule);

/// NCCL's bands split at the schedules' crossovers, from the first size of
/// the model to the last (the row must carry NCCL's model).
std::vector<NcclComparisonBand> nccl_comparison(const TopologyCosts& row, const CostModel& model);

}  // namespace trivcheck
