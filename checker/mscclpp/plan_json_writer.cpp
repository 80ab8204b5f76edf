#include "checker/mscclpp/plan_json_writer.hpp"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <span>
#include <vector>

#include "checker/formats/json_text.hpp"

namespace trivcheck::mscclpp {

namespace {

using nlohmann::ordered_json;

/// Position of `value` in `list`, appended when absent.
int position_in(std::vector<int>& list, int value) {
    const auto found = std::find(list.begin(), list.end(), value);
    if (found != list.end()) return static_cast<int>(found - list.begin());
    list.push_back(value);
    return static_cast<int>(list.size()) - 1;
}

struct RemoteKey {
    int gpu;
    BufferKind buffer;
    friend auto operator<=>(const RemoteKey&, const RemoteKey&) = default;
};

/// One gpu's remote buffers (memory access), in first-use order.
class RemoteBuffers {
  public:
    int id(const BufferRange& range) {
        const auto [found, added] =
            ids_.try_emplace(RemoteKey{range.gpu, range.buffer}, static_cast<int>(order_.size()));
        if (added) order_.push_back(RemoteKey{range.gpu, range.buffer});
        return found->second;
    }
    ordered_json to_json() const {
        ordered_json list = ordered_json::array();
        for (const RemoteKey& key : order_)
            list.push_back({{"rank", key.gpu},
                            {"type", buffer_letter(key.buffer)},
                            {"access_channel_types", {"memory"}}});
        return list;
    }

  private:
    std::map<RemoteKey, int> ids_;
    std::vector<RemoteKey> order_;
};

ordered_json range_json(const BufferRange& range, std::vector<int>& block_buffers,
                        RemoteBuffers& remotes) {
    ordered_json json;
    if (range.remote)
        json["buffer_id"] = position_in(block_buffers, remotes.id(range));
    else
        json["type"] = buffer_letter(range.buffer);
    json["index"] = range.index;
    json["size"] = range.size;
    return json;
}

ordered_json operation_json(const Operation& operation, std::vector<int>& block_channels,
                            std::vector<int>& block_buffers, RemoteBuffers& remotes) {
    ordered_json json;
    json["name"] = std::string(operation_name(operation.kind));
    for (const auto& [key, ranges] :
         {std::pair<const char*, std::span<const BufferRange>>{"src_buff", operation.sources},
          {"dst_buff", operation.destinations}}) {
        if (ranges.empty()) continue;
        ordered_json list = ordered_json::array();
        for (const BufferRange& range : ranges)
            list.push_back(range_json(range, block_buffers, remotes));
        json[key] = std::move(list);
    }
    if (!operation.channels.empty()) {
        ordered_json ids = ordered_json::array();
        for (int channel : operation.channels) ids.push_back(position_in(block_channels, channel));
        json["channel_ids"] = std::move(ids);
    }
    if (operation.channel_kind != ChannelKind::none)
        json["channel_type"] = channel_name(operation.channel_kind);
    if (!operation.semaphores.empty())
        json["semaphore_ids"] =
            std::vector<int>(operation.semaphores.begin(), operation.semaphores.end());
    if (operation.kind == OperationKind::barrier) {
        json["barrier_id"] = operation.barrier_id;
        json["num_threadblocks"] = operation.barrier_thread_blocks;
    }
    return json;
}

long long operation_count(const Plan& plan) {
    long long count = 0;
    for (const Gpu& gpu : plan.gpus)
        for (const ThreadBlock& block : gpu.thread_blocks)
            count += static_cast<long long>(block.operations.size());
    return count;
}

}  // namespace

std::string write_plan_json(const Plan& plan) {
    ordered_json root;
    root["name"] = plan.name;
    root["collective"] = plan.collective;
    root["protocol"] = plan.protocol;
    root["inplace"] = plan.in_place;
    root["reuse_resources"] = false;
    root["use_double_scratch_buffer"] = plan.double_scratch;
    ordered_json gpus = ordered_json::array();
    for (const Gpu& gpu : plan.gpus) {
        RemoteBuffers remotes;
        ordered_json blocks = ordered_json::array();
        for (const ThreadBlock& block : gpu.thread_blocks) {
            std::vector<int> block_channels, block_buffers;
            ordered_json ops = ordered_json::array();
            for (const Operation& operation : block.operations)
                ops.push_back(operation_json(operation, block_channels, block_buffers, remotes));
            ordered_json channels = ordered_json::array();
            if (!block_channels.empty())
                channels.push_back({{"channel_type", "memory"}, {"channel_ids", block_channels}});
            ordered_json refs = ordered_json::array();
            if (!block_buffers.empty())
                refs.push_back(
                    {{"access_channel_type", "memory"}, {"remote_buffer_ids", block_buffers}});
            blocks.push_back({{"id", block.id},
                              {"ops", std::move(ops)},
                              {"channels", std::move(channels)},
                              {"remote_buffer_refs", std::move(refs)}});
        }
        ordered_json channels = ordered_json::array();
        for (const Channel& channel : gpu.memory_channels)
            channels.push_back({{"channel_type", "memory"}, {"connected_to", {channel.peer}}});
        ordered_json semaphores = ordered_json::array();
        for (const Semaphore& semaphore : gpu.semaphores)
            semaphores.push_back({{"init_value", semaphore.initial}});
        gpus.push_back({{"id", gpu.id},
                        {"input_chunks", gpu.input_chunks},
                        {"output_chunks", gpu.output_chunks},
                        {"scratch_chunks", gpu.scratch_chunks},
                        {"threadblocks", std::move(blocks)},
                        {"channels", std::move(channels)},
                        {"remote_buffers", remotes.to_json()},
                        {"semaphores", std::move(semaphores)}});
    }
    root["gpus"] = std::move(gpus);
    root["num_threads_per_block"] = 1024;
    root["buffer_alignment"] = 16;
    const bool compact = operation_count(plan) > compact_plan_operations;
    return json_text(root, compact ? -1 : 2) + "\n";
}

}  // namespace trivcheck::mscclpp
