#pragma once
#include <string>
#include <vector>

#include "checker/mscclpp/plan.hpp"
#include "checker/mscclpp_reading/plan_fields.hpp"

// The lists of an execution plan that operations index: a gpu's channels
// and remote buffers, and what a thread block's `channels` and
// `remote_buffer_refs` make of them (execution_plan.cc).

namespace trivcheck::mscclpp {

/// A switch channel of one gpu as the executor flattens it: one per rank group.
struct SwitchGroup {
    BufferKind buffer = BufferKind::input;
    std::vector<int> ranks;
};

/// What a thread block's `channels` and `remote_buffer_refs` make of the
/// indexes its operations use.
struct BlockIndexes {
    std::vector<int> memory_channels, port_channels, switch_channels;
    std::vector<int> memory_buffers, port_buffers;
};

struct RemoteBuffer {
    int gpu = 0;
    BufferKind buffer = BufferKind::input;
};

/// One gpu's lists that thread blocks index.
struct GpuIndexes {
    std::vector<SwitchGroup> switch_groups;
    std::vector<RemoteBuffer> remote_buffers;
};

/// Reads gpu `into`'s `channels` (at `path`; peers below `gpu_count`): memory
/// and port channels into `into`, switch channels' rank groups into `indexes`.
void read_gpu_channels(PlanFields& fields, const nlohmann::json& gpu, const std::string& path,
                       int gpu_count, Gpu& into, GpuIndexes& indexes);
/// Reads a gpu's `remote_buffers` (at `path`) into `indexes`.
void read_remote_buffers(PlanFields& fields, const nlohmann::json& gpu, const std::string& path,
                         int gpu_count, GpuIndexes& indexes);
/// Reads a thread block's `channels` and `remote_buffer_refs` (at `path`):
/// what the indexes its operations use stand for on `gpu`; warns where they
/// pass the executor's MAX_CHANNEL (executor_limits.hpp).
BlockIndexes read_block_indexes(PlanFields& fields, const nlohmann::json& block,
                                const std::string& path, const Gpu& gpu, const GpuIndexes& indexes);

}  // namespace trivcheck::mscclpp
