#include "checker/mscclpp_reading/single_pass_resolution.hpp"

#include <cstddef>
#include <span>
#include <unordered_map>
#include <utility>

#include "checker/mscclpp_reading/executor_limits.hpp"
#include "checker/mscclpp_reading/single_pass_fields.hpp"

namespace trivcheck::mscclpp::detail {

namespace {

void resolve_operation(Operation& operation, const Gpu& gpu, const BlockIndexes& indexes,
                       const std::vector<RemoteBuffer>& remotes) {
    const bool memory = operation.channel_kind == ChannelKind::memory;
    const bool port = operation.channel_kind == ChannelKind::port;
    const std::vector<int> none;
    const std::vector<int>& channels = memory ? indexes.memory_channels
                                       : port ? indexes.port_channels
                                              : none;
    for (int& channel : operation.channels) {
        require(channel < static_cast<int>(channels.size()));
        channel = channels[static_cast<std::size_t>(channel)];
    }
    for (int semaphore : operation.semaphores)
        require(semaphore < static_cast<int>(gpu.semaphores.size()));
    const std::vector<int>& buffers = memory ? indexes.memory_buffers : indexes.port_buffers;
    for (std::span<BufferRange> list : operation.range_lists())
        for (BufferRange& range : list) {
            if (!range.remote) {
                range.gpu = gpu.id;
                continue;
            }
            require((memory || port) && range.gpu < static_cast<int>(buffers.size()));
            const RemoteBuffer& remote =
                remotes[static_cast<std::size_t>(buffers[static_cast<std::size_t>(range.gpu)])];
            range.gpu = remote.gpu;
            range.buffer = remote.buffer;
        }
}

}  // namespace

void resolve_gpu(Gpu& gpu, std::vector<RawBlock>& blocks,
                 const std::vector<RemoteBuffer>& remotes) {
    for (std::vector<Channel>* list : {&gpu.memory_channels, &gpu.port_channels}) {
        std::unordered_map<int, int> channels_to_peer;
        for (Channel& channel : *list) {
            require(channel.peer != gpu.id);
            channel.ordinal_to_peer = channels_to_peer[channel.peer]++;
        }
    }
    std::vector<bool> block_ids(blocks.size(), false);
    for (RawBlock& raw : blocks) {
        const auto id = static_cast<std::size_t>(raw.block.id);
        require(id < blocks.size() && !block_ids[id]);
        block_ids[id] = true;
        for (int channel : raw.indexes.memory_channels)
            require(channel < static_cast<int>(gpu.memory_channels.size()));
        for (int channel : raw.indexes.port_channels)
            require(channel < static_cast<int>(gpu.port_channels.size()));
        for (const std::vector<int>* list :
             {&raw.indexes.memory_buffers, &raw.indexes.port_buffers})
            for (int buffer : *list) require(buffer < static_cast<int>(remotes.size()));
        // Past MAX_CHANNEL the reader through the document warns (executor_limits.hpp).
        for (const std::vector<int>* list :
             {&raw.indexes.memory_channels, &raw.indexes.port_channels, &raw.indexes.memory_buffers,
              &raw.indexes.port_buffers})
            require(list->size() <= std::size_t{executor_max_channels});
        for (Operation& operation : raw.block.operations)
            resolve_operation(operation, gpu, raw.indexes, remotes);
        // Grown by doubling, a block's operations would leave a quarter of
        // the plan's largest list unused on average.
        raw.block.operations.shrink_to_fit();
        gpu.thread_blocks.push_back(std::move(raw.block));
    }
}

void check_chunk_bounds(const Plan& plan) {
    for (const Gpu& gpu : plan.gpus)
        for (const ThreadBlock& block : gpu.thread_blocks)
            for (const Operation& operation : block.operations)
                for (std::span<const BufferRange> list : operation.range_lists())
                    for (const BufferRange& range : list)
                        require(static_cast<long long>(range.index) + range.size <=
                                plan.chunks(range.gpu, range.buffer));
}

}  // namespace trivcheck::mscclpp::detail
