#pragma once
#include <string>

#include "checker/costs/cost_model.hpp"

namespace trivcheck {

/// The NCCL setting in one line ("NCCL 2.30.7 model, all_reduce: hopper, ...").
std::string nccl_settings_text(const NcclModelSettings& settings);

/// NCCL's model on one topology as a person reads it: every candidate's
/// latency and bandwidth (or why NCCL does not consider it), NCCL's pick per
/// band of sizes and, when schedules compete, the fastest checked schedule
/// in each band and NCCL's time over its time.
std::string nccl_row_text(const TopologyCosts& row, const CostModel& model);

}  // namespace trivcheck
