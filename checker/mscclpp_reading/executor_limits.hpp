#pragma once
#include <string>

#include "checker/mscclpp/plan.hpp"
#include "checker/mscclpp_reading/plan_indexes.hpp"
#include "checker/mscclpp_reading/plan_warnings.hpp"

// The MSCCL++ executor's fixed arrays (execution_common.hpp at the corpus's
// commit 1f5f065d; docs/mscclpp.md, Reading): what it refuses at load time
// is refused here (InputError, exit 3), what it writes or reads past an
// array's end without a word is a warning (refused under --strict).

namespace trivcheck::mscclpp {

/// MAX_CHANNEL: a thread block's channels of one kind, and its remote
/// buffers of one channel kind (DeviceExecutionPlan's arrays).
inline constexpr int executor_max_channels = 16;
/// MAX_CHANNEL_PER_OPERATION: an operation's channel_ids (Operation::channelIndexes).
inline constexpr int executor_max_channels_per_operation = 8;
/// MAX_LOCAL_BUFFER_PER_OPERATION + MAX_CHANNEL_PER_OPERATION: an
/// operation's src_buff or dst_buff (Operation::inputOffsets and the like).
inline constexpr int executor_max_buffers_per_operation = 2 + 8;
/// MAX_DEVICE_SEMAPHORES: an operation's semaphore_ids (Operation::deviceSemaphoreIds).
inline constexpr int executor_max_semaphores_per_operation = 16;
/// MAX_DEVICE_SYNCERS: barrier ids (execution_kernel.hpp's deviceSyncers).
inline constexpr int executor_max_device_syncers = 16;
// MAX_OPERATION is executor_max_operations (plan.hpp: the export needs it too).
/// Multiprocessors of an A100, the smallest GPU the executor's 1,024-thread
/// blocks run on one a multiprocessor (executionKernel's
/// __launch_bounds__(1024, 1)): more thread blocks on one gpu are not all
/// resident at once.
inline constexpr int resident_thread_blocks_a100 = 108;

/// A thread block's operations as the executor counts them against
/// MAX_OPERATION: execution_plan.cc's setupOperations lists a pipeline and
/// then each of its inner operations, so a pipeline of k counts 1 + k.
int executor_operation_count(const ThreadBlock& block);

/// Throws InputError (file `file_label`, the JSON path of the operation that
/// makes a thread block's count pass MAX_OPERATION) as executor.cc's
/// setupDeviceExecutionPlan throws; adds to `plan.warnings` an operation's
/// lists past its Operation arrays (setupOperation writes past their end)
/// and a barrier id past deviceSyncers (handleBarrier reads past its end);
/// and a gpu of more thread blocks than an A100 runs at once.
void check_executor_limits(Plan& plan, const std::string& file_label);

/// Warns (into `warnings`, at the thread block's JSON path `path`) about a
/// thread block's channels or remote buffers of one kind past MAX_CHANNEL:
/// setupDeviceExecutionPlan copies them into DeviceExecutionPlan's arrays
/// past their end. The reader through the JSON document calls it; the
/// single pass gives up on such a block.
void warn_thread_block_arrays(PlanWarnings& warnings, const BlockIndexes& block,
                              const std::string& path);

}  // namespace trivcheck::mscclpp
