#include "checker/mscclpp_reading/plan_indexes.hpp"

#include "checker/mscclpp_reading/executor_limits.hpp"

namespace trivcheck::mscclpp {

using nlohmann::json;

void read_gpu_channels(PlanFields& fields, const json& gpu, const std::string& path, int gpu_count,
                       Gpu& into, GpuIndexes& indexes) {
    const std::string channels_path = path_at(path, "channels");
    const json& channels = fields.array(fields.required(gpu, "channels", path), channels_path);
    for (std::size_t position = 0; position < channels.size(); ++position) {
        const std::string channel_path = path_at(channels_path, position);
        const json& channel = channels[position];
        const ChannelKind kind =
            fields.channel_kind(fields.required(channel, "channel_type", channel_path),
                                path_at(channel_path, "channel_type"));
        if (kind == ChannelKind::switch_channel) {
            fields.ignored_fields(channel, channel_path,
                                  {"channel_type", "buffer_type", "rank_groups"},
                                  "a switch channel");
            const BufferKind buffer =
                fields.buffer_kind(fields.required(channel, "buffer_type", channel_path),
                                   path_at(channel_path, "buffer_type"));
            const std::string groups_path = path_at(channel_path, "rank_groups");
            const json& groups =
                fields.array(fields.required(channel, "rank_groups", channel_path), groups_path);
            for (std::size_t group = 0; group < groups.size(); ++group) {
                const std::string group_path = path_at(groups_path, group);
                SwitchGroup switch_group{buffer, {}};
                const std::string ranks_path = path_at(group_path, "ranks");
                const json& ranks =
                    fields.array(fields.required(groups[group], "ranks", group_path), ranks_path);
                for (std::size_t rank = 0; rank < ranks.size(); ++rank)
                    switch_group.ranks.push_back(static_cast<int>(
                        fields.integer(ranks[rank], path_at(ranks_path, rank), 0, gpu_count - 1)));
                indexes.switch_groups.push_back(std::move(switch_group));
            }
            continue;
        }
        fields.ignored_fields(channel, channel_path, {"channel_type", "connected_to"}, "a channel");
        if (kind == ChannelKind::none) continue;
        const std::string peers_path = path_at(channel_path, "connected_to");
        const json& peers =
            fields.array(fields.required(channel, "connected_to", channel_path), peers_path);
        std::vector<Channel>& list =
            kind == ChannelKind::memory ? into.memory_channels : into.port_channels;
        for (std::size_t position_in = 0; position_in < peers.size(); ++position_in) {
            const int peer = static_cast<int>(fields.integer(
                peers[position_in], path_at(peers_path, position_in), 0, gpu_count - 1));
            if (peer == into.id)
                fields.fail(path_at(peers_path, position_in), "a gpu's channel connects to itself");
            int ordinal = 0;
            for (const Channel& earlier : list) ordinal += earlier.peer == peer;
            list.push_back({kind, peer, ordinal});
        }
    }
}

void read_remote_buffers(PlanFields& fields, const json& gpu, const std::string& path,
                         int gpu_count, GpuIndexes& indexes) {
    const std::string buffers_path = path_at(path, "remote_buffers");
    const json& buffers = fields.array(fields.required(gpu, "remote_buffers", path), buffers_path);
    for (std::size_t position = 0; position < buffers.size(); ++position) {
        const std::string buffer_path = path_at(buffers_path, position);
        const json& buffer = buffers[position];
        RemoteBuffer remote;
        remote.gpu =
            static_cast<int>(fields.integer(fields.required(buffer, "rank", buffer_path),
                                            path_at(buffer_path, "rank"), 0, gpu_count - 1));
        remote.buffer = fields.buffer_kind(fields.required(buffer, "type", buffer_path),
                                           path_at(buffer_path, "type"));
        const std::string access_path = path_at(buffer_path, "access_channel_types");
        const json& access =
            fields.array(fields.required(buffer, "access_channel_types", buffer_path), access_path);
        for (std::size_t kind = 0; kind < access.size(); ++kind)
            fields.channel_kind(access[kind], path_at(access_path, kind));
        indexes.remote_buffers.push_back(remote);
    }
}

BlockIndexes read_block_indexes(PlanFields& fields, const json& block, const std::string& path,
                                const Gpu& gpu, const GpuIndexes& indexes) {
    BlockIndexes result;
    const std::string channels_path = path_at(path, "channels");
    const json& channels = fields.array(fields.required(block, "channels", path), channels_path);
    for (std::size_t position = 0; position < channels.size(); ++position) {
        const std::string channel_path = path_at(channels_path, position);
        const json& channel = channels[position];
        fields.ignored_fields(channel, channel_path, {"channel_type", "channel_ids", "buff"},
                              "a thread block's channel");
        const ChannelKind kind =
            fields.channel_kind(fields.required(channel, "channel_type", channel_path),
                                path_at(channel_path, "channel_type"));
        if (const auto buff = channel.find("buff"); buff != channel.end())
            fields.buffer_kind(*buff, path_at(channel_path, "buff"));
        const std::string ids_path = path_at(channel_path, "channel_ids");
        const json& ids =
            fields.array(fields.required(channel, "channel_ids", channel_path), ids_path);
        const int limit = kind == ChannelKind::memory ? static_cast<int>(gpu.memory_channels.size())
                          : kind == ChannelKind::port ? static_cast<int>(gpu.port_channels.size())
                          : kind == ChannelKind::switch_channel
                              ? static_cast<int>(indexes.switch_groups.size())
                              : 0;
        std::vector<int>& list = kind == ChannelKind::memory ? result.memory_channels
                                 : kind == ChannelKind::port ? result.port_channels
                                                             : result.switch_channels;
        for (std::size_t id = 0; id < ids.size(); ++id) {
            const long long value = fields.integer(ids[id], path_at(ids_path, id), 0);
            if (value >= limit)
                fields.fail(path_at(ids_path, id),
                            "channel " + std::to_string(value) + " out of range: gpu " +
                                std::to_string(gpu.id) + " has " + std::to_string(limit) + " " +
                                channel_name(kind) + " channels");
            list.push_back(static_cast<int>(value));
        }
    }
    const auto refs = block.find("remote_buffer_refs");
    if (refs == block.end()) {
        warn_thread_block_arrays(fields.warnings(), result, path);
        return result;
    }
    const std::string refs_path = path_at(path, "remote_buffer_refs");
    fields.array(*refs, refs_path);
    for (std::size_t position = 0; position < refs->size(); ++position) {
        const std::string ref_path = path_at(refs_path, position);
        const json& ref = (*refs)[position];
        const ChannelKind kind =
            fields.channel_kind(fields.required(ref, "access_channel_type", ref_path),
                                path_at(ref_path, "access_channel_type"));
        const std::string ids_path = path_at(ref_path, "remote_buffer_ids");
        const json& ids =
            fields.array(fields.required(ref, "remote_buffer_ids", ref_path), ids_path);
        for (std::size_t id = 0; id < ids.size(); ++id) {
            const long long value = fields.integer(ids[id], path_at(ids_path, id), 0);
            if (value >= static_cast<long long>(indexes.remote_buffers.size()))
                fields.fail(path_at(ids_path, id),
                            "remote buffer " + std::to_string(value) + " out of range: gpu " +
                                std::to_string(gpu.id) + " has " +
                                std::to_string(indexes.remote_buffers.size()));
            if (kind == ChannelKind::memory)
                result.memory_buffers.push_back(static_cast<int>(value));
            if (kind == ChannelKind::port) result.port_buffers.push_back(static_cast<int>(value));
        }
    }
    warn_thread_block_arrays(fields.warnings(), result, path);
    return result;
}

}  // namespace trivcheck::mscclpp
