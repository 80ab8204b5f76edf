#include "checker/lowering/export_estimate.hpp"

#include "checker/core/resource_limit.hpp"

namespace trivcheck::msccl {

namespace {

/// Bytes of one written `<step .../>` line (ring B on 256 gpus: 121 on average).
constexpr std::uint64_t step_line_bytes = 120;

}  // namespace

ExportEstimate estimate_export(const Schedule& model, std::uint64_t copies, bool text_in_memory,
                               const RuntimeLimits& limits) {
    ExportEstimate estimate;
    const auto piece = static_cast<std::uint64_t>(limits.max_count);
    std::uint64_t pieces = 0;
    for (const trivcheck::Step& step : model.steps)
        for (const Transfer& transfer : step.transfers) {
            ++estimate.transfers;
            pieces += (transfer.blocks.size() + piece - 1) / piece;
        }
    estimate.transfers *= copies;
    estimate.steps = pieces * copies;
    estimate.text_bytes = estimate.steps * step_line_bytes;
    // The whole schedule is built before it is lowered.
    estimate.memory_bytes = estimate.transfers * sizeof(Transfer) + estimate.steps * sizeof(Step) +
                            (text_in_memory ? estimate.text_bytes : 0);
    return estimate;
}

void refuse_export_above_limit(const std::string& what, const ExportEstimate& estimate,
                               std::uint64_t limit_bytes) {
    const std::uint64_t limit = memory_limit_or_default(limit_bytes);
    if (estimate.memory_bytes <= limit) return;
    throw ResourceLimit(
        what + ": " + std::to_string(estimate.transfers) + " transfers make at least " +
        std::to_string(estimate.steps) + " MSCCL-IR steps, about " +
        std::to_string(estimate.text_bytes >> 20) + " MiB of text, needing about " +
        std::to_string(estimate.memory_bytes >> 20) + " MiB of memory, more than the limit of " +
        std::to_string(limit >> 20) + " MiB; refused before lowering it");
}

}  // namespace trivcheck::msccl
