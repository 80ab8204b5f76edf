#pragma once
#include "checker/core/program_layout.hpp"
#include "checker/msccl/violation_sink.hpp"

namespace trivcheck::msccl {

/// RCCL's limits on a program (docs/msccl.md), each a reason the runtime refuses
/// the file: `runtime_limit` violations naming the limit and the measured value.
void check_rccl_limits(const ProgramLayout& layout, ViolationSink& violations);

/// RCCL's MSCCL_MAX_NUM_STEPS, MSCCL_MAX_COUNT (cnt must stay below it) and
/// thread blocks per channel and direction.
inline constexpr int rccl_max_steps_per_block = 256;
inline constexpr int rccl_count_limit = 72;
inline constexpr int rccl_max_blocks_per_channel = 32;

}  // namespace trivcheck::msccl
