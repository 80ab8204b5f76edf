#pragma once
#include <cstdint>
#include <string>

#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp {

/// What a plan's run will hold, worked out in 64 bits from the plan alone
/// (docs/robustness.md, "Memory limits"): the run indexes cells and
/// contributions with int and makes its state before its first step.
struct PlanRunSize {
    /// Pieces per chunk (pieces_per_chunk), past int's range some number above it.
    std::int64_t pieces = 0;
    /// Every gpu's input, output and scratch pieces (scratch twice when double).
    std::int64_t cells = 0;
    /// Input pieces of every gpu in every launch, at the widest input's stride.
    std::int64_t contributions = 0;
    /// The cells every step touches, summed over the steps of both launches.
    std::int64_t touched = 0;
    /// About the bytes the run needs for all of the above.
    std::uint64_t bytes = 0;
};

PlanRunSize plan_run_size(const Plan& plan);

/// Throws ResourceLimit (exit 4) naming `file_label` when the run of `plan`
/// has more cells or contributions than an int indexes, or needs more than
/// memory_limit_or_default(0) (`--memory-limit`, else 80% of free memory).
void refuse_plan_too_large(const Plan& plan, const std::string& file_label);

}  // namespace trivcheck::mscclpp
