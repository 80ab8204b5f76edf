#include "checker/mscclpp_reading/executor_limits.hpp"

#include "checker/core/input_error.hpp"
#include "checker/mscclpp_reading/plan_fields.hpp"

namespace trivcheck::mscclpp {

namespace {

/// "N <what>: <who> writes them into <array>, an array of <limit name> = <limit>, past its end".
std::string past_array(std::size_t count, const std::string& what, const std::string& who,
                       const std::string& array, const std::string& limit_name, int limit) {
    return std::to_string(count) + " " + what + ": " + who + " writes them into " + array +
           ", an array of " + limit_name + " = " + std::to_string(limit) +
           ", past its end, where the kernel then reads other fields (the executor loads it "
           "without a word); trivcheck runs all " +
           std::to_string(count);
}

/// "N thread blocks on one gpu: ... trivcheck runs all N at once".
std::string resident_blocks_warning(std::size_t blocks) {
    return std::to_string(blocks) +
           " thread blocks on one gpu: executionKernel (execution_kernel.hpp) is "
           "__launch_bounds__(1024, 1), about one block of 1,024 threads a multiprocessor, and "
           "an A100 has " +
           std::to_string(resident_thread_blocks_a100) +
           ": the blocks past those start only as earlier ones end, so a block that waits on "
           "one not started (a signal, a semaphore, a barrier) hangs there; trivcheck runs all " +
           std::to_string(blocks) + " at once";
}

class ExecutorLimits {
  public:
    ExecutorLimits(Plan& plan, const std::string& file_label)
        : plan_(plan), file_(file_label), warnings_(file_label) {}

    void check() {
        for (std::size_t gpu = 0; gpu < plan_.gpus.size(); ++gpu) {
            const std::vector<ThreadBlock>& blocks = plan_.gpus[gpu].thread_blocks;
            for (std::size_t block = 0; block < blocks.size(); ++block)
                check_block(blocks[block], gpu, block);
            if (blocks.size() > std::size_t{resident_thread_blocks_a100})
                warnings_.add("thread blocks resident at once",
                              path_at(path_at("gpus", gpu), "threadblocks"),
                              resident_blocks_warning(blocks.size()));
        }
        for (std::string& line : warnings_.lines()) plan_.warnings.push_back(std::move(line));
    }

  private:
    void check_block(const ThreadBlock& block, std::size_t gpu, std::size_t block_index) {
        int counted = 0;
        const auto count = [&](const OperationPlace& place) {
            if (++counted == executor_max_operations + 1)
                throw InputError(
                    file_, place.path(),
                    "MSCCL++ executor: Executor plan launching " +
                        std::to_string(executor_operation_count(block)) +
                        " operations, exceeding device execution plan support (" +
                        std::to_string(executor_max_operations) +
                        "): setupDeviceExecutionPlan (executor.cc) refuses a thread block of "
                        "more than MAX_OPERATION operations, counted as setupOperations "
                        "(execution_plan.cc) lists them, a pipeline as 1 + its inner "
                        "operations; this is operation " +
                        std::to_string(counted));
        };
        for (std::size_t index = 0; index < block.operations.size(); ++index) {
            const Operation& op = block.operations[index];
            const OperationPlace place{gpu, block_index, index};
            count(place);
            check_operation(op, place);
            const std::span<const Operation> inner = op.inner();
            for (std::size_t at = 0; at < inner.size(); ++at) {
                const OperationPlace inner_place{gpu, block_index, index,
                                                 static_cast<std::ptrdiff_t>(at)};
                count(inner_place);
                check_operation(inner[at], inner_place);
            }
        }
    }

    void check_operation(const Operation& op, const OperationPlace& place) {
        const char* const setup = "setupOperation (execution_plan.cc)";
        if (op.channels.size() > std::size_t{executor_max_channels_per_operation})
            warnings_.add(
                "channels per operation", path_at(place.path(), "channel_ids"),
                past_array(op.channels.size(), "channel_ids", setup, "Operation::channelIndexes",
                           "MAX_CHANNEL_PER_OPERATION", executor_max_channels_per_operation));
        if (op.sources.size() > std::size_t{executor_max_buffers_per_operation})
            warnings_.add(
                "buffers per operation", path_at(place.path(), "src_buff"),
                past_array(op.sources.size(), "src_buff ranges", setup,
                           "Operation::inputOffsets (and inputBufferRefs, inputBufferSizes)",
                           "MAX_LOCAL_BUFFER_PER_OPERATION + MAX_CHANNEL_PER_OPERATION",
                           executor_max_buffers_per_operation));
        if (op.destinations.size() > std::size_t{executor_max_buffers_per_operation})
            warnings_.add(
                "buffers per operation", path_at(place.path(), "dst_buff"),
                past_array(op.destinations.size(), "dst_buff ranges", setup,
                           "Operation::outputOffsets (and outputBufferRefs, outputBufferSizes)",
                           "MAX_LOCAL_BUFFER_PER_OPERATION + MAX_CHANNEL_PER_OPERATION",
                           executor_max_buffers_per_operation));
        if (op.semaphores.size() > std::size_t{executor_max_semaphores_per_operation})
            warnings_.add("semaphores per operation", path_at(place.path(), "semaphore_ids"),
                          past_array(op.semaphores.size(), "semaphore_ids", setup,
                                     "Operation::deviceSemaphoreIds", "MAX_DEVICE_SEMAPHORES",
                                     executor_max_semaphores_per_operation));
        if (op.kind == OperationKind::barrier && op.barrier_id >= executor_max_device_syncers)
            warnings_.add("barrier id", path_at(place.path(), "barrier_id"),
                          "barrier_id " + std::to_string(op.barrier_id) +
                              ": handleBarrier (execution_kernel.hpp) syncs on "
                              "deviceSyncers[barrier_id], an array of MAX_DEVICE_SYNCERS = " +
                              std::to_string(executor_max_device_syncers) +
                              ", past its end (the executor loads it without a word); "
                              "trivcheck runs it as a barrier of its own id");
    }

    Plan& plan_;
    const std::string& file_;
    PlanWarnings warnings_;
};

}  // namespace

int executor_operation_count(const ThreadBlock& block) {
    int count = 0;
    for (const Operation& op : block.operations) count += 1 + static_cast<int>(op.inner().size());
    return count;
}

void check_executor_limits(Plan& plan, const std::string& file_label) {
    ExecutorLimits(plan, file_label).check();
}

void warn_thread_block_arrays(PlanWarnings& warnings, const BlockIndexes& block,
                              const std::string& path) {
    const std::string setup = "setupDeviceExecutionPlan (executor.cc)";
    const struct {
        const std::vector<int>& list;
        const char* what;
        const char* array;
    } lists[] = {
        {block.memory_channels, "memory channels", "DeviceExecutionPlan::channels.memoryChannels"},
        {block.port_channels, "port channels", "DeviceExecutionPlan::channels.portChannels"},
        {block.switch_channels, "switch channels", "DeviceExecutionPlan::channels.nvlsChannels"},
        {block.memory_buffers, "remote buffers through memory channels",
         "DeviceExecutionPlan::remoteBuffers.memoryChannelBufferPtrs"},
        {block.port_buffers, "remote buffers through port channels",
         "DeviceExecutionPlan::remoteBuffers.portChannelBufferIds"},
    };
    for (const auto& entry : lists)
        if (entry.list.size() > std::size_t{executor_max_channels})
            warnings.add(
                std::string("thread block ") + entry.what, path,
                "a thread block of " + past_array(entry.list.size(), entry.what, setup, entry.array,
                                                  "MAX_CHANNEL", executor_max_channels));
}

}  // namespace trivcheck::mscclpp
