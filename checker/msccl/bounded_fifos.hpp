#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "checker/core/program_layout.hpp"
#include "checker/msccl/flat_steps.hpp"
#include "checker/msccl/violation_sink.hpp"

namespace trivcheck::msccl {

/// A connection's FIFO as a runtime's primitives count it, with the runtime's
/// default buffer sizes (docs/msccl.md, Bounded FIFOs).
struct FifoRules {
    /// NCCL_STEPS: the slots of one connection.
    int slots = 8;
    /// Slots one call of the primitives takes: Simple SlicePerChunk ·
    /// StepPerSlice = MSCCL_CHUNKSTEPS = 4, LL and LL128 1.
    int slots_per_call = 1;
    /// chunkEffectiveSize in bytes (mscclSetupCount): what one call of one
    /// chunk may carry before maxAllowedCount drops.
    std::int64_t chunk_bytes = 0;
    /// MSCCL_MAX_COUNT - 1: the most chunks one call carries.
    int most_chunks_per_call = 71;
    /// Calls a connection holds: slots / slots_per_call.
    int capacity() const { return slots / slots_per_call; }
};

/// The rules of `runtime` (rccl or msccl) for the program's protocol and collective.
FifoRules fifo_rules(Runtime runtime, const Program& program);

/// The message sizes (nBytes = count · type size · sizeMultiplier, as RCCL's
/// mscclSetupCount computes it) over which every step makes the same number
/// of calls: a step of `cnt` c makes ⌈c / max_allowed_count⌉.
struct CallProfile {
    int max_allowed_count = 1;
    std::int64_t least_bytes = 1;
    /// -1: no upper bound.
    std::int64_t most_bytes = -1;
};

/// The distinct call profiles of the sizes the file accepts (minBytes ..
/// maxBytes), smallest sizes first. Without `nchunksperloop` the sizes cannot
/// be told apart: one profile, the worst (one chunk a call).
std::vector<CallProfile> call_profiles(const Program& program, const FifoRules& rules);

/// What the bounded run found, for the report.
struct BoundedFifoFigures {
    FifoRules rules;
    int profiles_checked = 0;
    /// The sizes at which the program hangs, as "a..b" ranges; empty: none.
    std::vector<std::string> hanging_sizes;
};

/// One line for the report: the FIFO, the profiles checked, where it hangs.
std::string bounded_fifo_text(const BoundedFifoFigures& figures);

/// Runs the program's steps (no values: a Kahn network's progress does not
/// depend on them) with `runtime`'s bounded FIFOs at every call profile;
/// records a `deadlock` with the cycle (gpus, thread blocks, steps, calls,
/// slots) at the smallest size that hangs.
BoundedFifoFigures check_bounded_fifos(const ProgramLayout& layout, const FlatSteps& steps,
                                       Runtime runtime, ViolationSink& violations);

/// The call profile of the smallest sizes of `program`'s byte range at which
/// it hangs on `runtime`'s bounded FIFOs; nothing when it completes at every size.
std::optional<CallProfile> first_hanging_profile(const Program& program, Runtime runtime);

}  // namespace trivcheck::msccl
