#pragma once
#include <cstdint>
#include <string>

#include "checker/lowering/msccl_lowering.hpp"
#include "models/schedule.hpp"

namespace trivcheck::msccl {

/// What exporting a schedule as MSCCL-IR takes at the least, known before it
/// is lowered: every transfer is at least one step per `cnt`-sized piece (its
/// receive, into which the next send may be fused; ring B on 256 gpus: 261,120
/// transfers, 262,144 steps).
struct ExportEstimate {
    std::uint64_t transfers = 0;
    std::uint64_t steps = 0;
    /// The XML text (a `<step>` line is about 120 bytes).
    std::uint64_t text_bytes = 0;
    /// The whole schedule, the lowered program, and the text too when it is
    /// built whole (standard output).
    std::uint64_t memory_bytes = 0;
};

/// The estimate for `model`'s steps, each standing for `copies` copies of
/// itself (a rotation orbit's translations; 1 for a whole schedule).
ExportEstimate estimate_export(const Schedule& model, std::uint64_t copies, bool text_in_memory,
                               const RuntimeLimits& limits = limits_for(Runtime::msccl));

/// Throws ResourceLimit (exit 4) naming `what`, the estimate and the limit,
/// when estimate.memory_bytes passes memory_limit_or_default(limit_bytes).
void refuse_export_above_limit(const std::string& what, const ExportEstimate& estimate,
                               std::uint64_t limit_bytes);

}  // namespace trivcheck::msccl
