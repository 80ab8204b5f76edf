#pragma once
#include <nlohmann/json.hpp>

#include "checker/costs/cost_model.hpp"

namespace trivcheck {

/// The NCCL setting as JSON (arch, cpu, channels, bandwidth, latency, collective).
nlohmann::json nccl_settings_json(const NcclModelSettings& settings);

/// NCCL's model on one topology (docs/cost-model.md): candidates, bands,
/// and per size NCCL's pick, its time, its channels, every candidate's
/// estimate and, when schedules compete, the fastest one and the ratio.
nlohmann::json nccl_row_json(const TopologyCosts& row, const CostModel& model);

}  // namespace trivcheck
