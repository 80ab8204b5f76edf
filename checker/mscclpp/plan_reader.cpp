#include "checker/mscclpp/plan_reader.hpp"

#include <initializer_list>
#include <limits>
#include <nlohmann/json.hpp>
#include <string_view>

#include "checker/core/input_error.hpp"
#include "checker/formats/file_text.hpp"
#include "checker/formats/json_document.hpp"
#include "checker/formats/json_fields.hpp"
#include "checker/mscclpp/plan_warnings.hpp"

namespace trivcheck::mscclpp {

namespace {

using nlohmann::json;

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

std::string at(const std::string& path, std::string_view key) {
    return path.empty() ? std::string(key) : path + "." + std::string(key);
}
std::string at(const std::string& path, std::size_t index) {
    return path + "[" + std::to_string(index) + "]";
}

class Reader {
  public:
    explicit Reader(const std::string& file) : file_(file), warnings_(file) {}

    Plan read(const json& root);

  private:
    [[noreturn]] void fail(const std::string& path, const std::string& text) const {
        throw InputError(file_, path, text);
    }
    const json& required(const json& object, std::string_view key, const std::string& path) const {
        if (!object.is_object())
            fail(path, "expected an object, got " + json_fields::describe(object));
        auto found = object.find(std::string(key));
        if (found == object.end()) fail(path, "missing field \"" + std::string(key) + "\"");
        return *found;
    }
    const json& array(const json& value, const std::string& path) const {
        if (!value.is_array()) fail(path, "expected an array, got " + json_fields::describe(value));
        return value;
    }
    long long integer(const json& value, const std::string& path, long long minimum,
                      long long maximum = std::numeric_limits<int>::max()) const {
        const std::optional<std::int64_t> number = json_fields::as_int64(value);
        if (!number) fail(path, "expected an integer, got " + json_fields::describe(value));
        if (*number < minimum || *number > maximum)
            fail(path, std::to_string(*number) + " out of range [" + std::to_string(minimum) +
                           ", " + std::to_string(maximum) + "]");
        return *number;
    }
    std::string text(const json& value, const std::string& path) const {
        if (!value.is_string())
            fail(path, "expected a string, got " + json_fields::describe(value));
        return value.get<std::string>();
    }
    bool boolean(const json& value, const std::string& path) const {
        if (!value.is_boolean())
            fail(path, "expected true or false, got " + json_fields::describe(value));
        return value.get<bool>();
    }
    /// Warns about every field of `object` outside `known`: the executor never reads it.
    void ignored_fields(const json& object, const std::string& path,
                        std::initializer_list<std::string_view> known, std::string_view what) {
        for (const auto& [key, value] : object.items()) {
            bool is_known = false;
            for (std::string_view name : known) is_known = is_known || name == key;
            if (is_known) continue;
            warnings_.add(std::string(what) + "." + key, at(path, key),
                          "field \"" + key + "\" of " + std::string(what) +
                              " is ignored by the MSCCL++ executor");
        }
    }
    BufferKind buffer_kind(const json& value, const std::string& path) const {
        const std::string name = text(value, path);
        if (name == "i") return BufferKind::input;
        if (name == "o") return BufferKind::output;
        if (name == "s") return BufferKind::scratch;
        fail(path, "MSCCL++ executor: Invalid buffer type \"" + name + "\" (i, o or s)");
    }
    ChannelKind channel_kind(const json& value, const std::string& path) const {
        const std::string name = text(value, path);
        if (name == "memory") return ChannelKind::memory;
        if (name == "port") return ChannelKind::port;
        if (name == "switch") return ChannelKind::switch_channel;
        if (name == "none") return ChannelKind::none;
        fail(path, "MSCCL++ executor: Invalid channel type \"" + name +
                       "\" (memory, port, switch or none)");
    }

    void read_gpu_channels(const json& gpu, const std::string& path, Gpu& into,
                           GpuIndexes& indexes);
    void read_remote_buffers(const json& gpu, const std::string& path, GpuIndexes& indexes) const;
    BlockIndexes read_block_indexes(const json& block, const std::string& path, const Gpu& gpu,
                                    const GpuIndexes& indexes);
    Operation read_operation(const json& op, const std::string& path, const Gpu& gpu,
                             const BlockIndexes& block, const GpuIndexes& indexes, bool inner);
    BufferRange read_range(const json& reference, const std::string& path, const Gpu& gpu,
                           ChannelKind channel, const BlockIndexes& block,
                           const GpuIndexes& indexes);
    void check_bounds(const Plan& plan) const;

    const std::string& file_;
    PlanWarnings warnings_;
    int gpu_count_ = 0;
    /// Per operation's path, for bounds errors after every gpu's sizes are known.
    struct RangePlace {
        std::string path;
        BufferRange range;
    };
    std::vector<RangePlace> ranges_;
};

void Reader::read_gpu_channels(const json& gpu, const std::string& path, Gpu& into,
                               GpuIndexes& indexes) {
    const std::string channels_path = at(path, "channels");
    const json& channels = array(required(gpu, "channels", path), channels_path);
    for (std::size_t position = 0; position < channels.size(); ++position) {
        const std::string channel_path = at(channels_path, position);
        const json& channel = channels[position];
        const ChannelKind kind = channel_kind(required(channel, "channel_type", channel_path),
                                              at(channel_path, "channel_type"));
        if (kind == ChannelKind::switch_channel) {
            ignored_fields(channel, channel_path, {"channel_type", "buffer_type", "rank_groups"},
                           "a switch channel");
            const BufferKind buffer = buffer_kind(required(channel, "buffer_type", channel_path),
                                                  at(channel_path, "buffer_type"));
            const std::string groups_path = at(channel_path, "rank_groups");
            const json& groups = array(required(channel, "rank_groups", channel_path), groups_path);
            for (std::size_t group = 0; group < groups.size(); ++group) {
                const std::string group_path = at(groups_path, group);
                SwitchGroup switch_group{buffer, {}};
                const std::string ranks_path = at(group_path, "ranks");
                const json& ranks = array(required(groups[group], "ranks", group_path), ranks_path);
                for (std::size_t rank = 0; rank < ranks.size(); ++rank)
                    switch_group.ranks.push_back(static_cast<int>(
                        integer(ranks[rank], at(ranks_path, rank), 0, gpu_count_ - 1)));
                indexes.switch_groups.push_back(std::move(switch_group));
            }
            continue;
        }
        ignored_fields(channel, channel_path, {"channel_type", "connected_to"}, "a channel");
        if (kind == ChannelKind::none) continue;
        const std::string peers_path = at(channel_path, "connected_to");
        const json& peers = array(required(channel, "connected_to", channel_path), peers_path);
        std::vector<Channel>& list =
            kind == ChannelKind::memory ? into.memory_channels : into.port_channels;
        for (std::size_t position_in = 0; position_in < peers.size(); ++position_in) {
            const int peer = static_cast<int>(
                integer(peers[position_in], at(peers_path, position_in), 0, gpu_count_ - 1));
            if (peer == into.id)
                fail(at(peers_path, position_in), "a gpu's channel connects to itself");
            int ordinal = 0;
            for (const Channel& earlier : list) ordinal += earlier.peer == peer;
            list.push_back({kind, peer, ordinal});
        }
    }
}

void Reader::read_remote_buffers(const json& gpu, const std::string& path,
                                 GpuIndexes& indexes) const {
    const std::string buffers_path = at(path, "remote_buffers");
    const json& buffers = array(required(gpu, "remote_buffers", path), buffers_path);
    for (std::size_t position = 0; position < buffers.size(); ++position) {
        const std::string buffer_path = at(buffers_path, position);
        const json& buffer = buffers[position];
        RemoteBuffer remote;
        remote.gpu = static_cast<int>(integer(required(buffer, "rank", buffer_path),
                                              at(buffer_path, "rank"), 0, gpu_count_ - 1));
        remote.buffer = buffer_kind(required(buffer, "type", buffer_path), at(buffer_path, "type"));
        const std::string access_path = at(buffer_path, "access_channel_types");
        const json& access =
            array(required(buffer, "access_channel_types", buffer_path), access_path);
        for (std::size_t kind = 0; kind < access.size(); ++kind)
            channel_kind(access[kind], at(access_path, kind));
        indexes.remote_buffers.push_back(remote);
    }
}

BlockIndexes Reader::read_block_indexes(const json& block, const std::string& path, const Gpu& gpu,
                                        const GpuIndexes& indexes) {
    BlockIndexes result;
    const std::string channels_path = at(path, "channels");
    const json& channels = array(required(block, "channels", path), channels_path);
    for (std::size_t position = 0; position < channels.size(); ++position) {
        const std::string channel_path = at(channels_path, position);
        const json& channel = channels[position];
        ignored_fields(channel, channel_path, {"channel_type", "channel_ids", "buff"},
                       "a thread block's channel");
        const ChannelKind kind = channel_kind(required(channel, "channel_type", channel_path),
                                              at(channel_path, "channel_type"));
        if (const auto buff = channel.find("buff"); buff != channel.end())
            buffer_kind(*buff, at(channel_path, "buff"));
        const std::string ids_path = at(channel_path, "channel_ids");
        const json& ids = array(required(channel, "channel_ids", channel_path), ids_path);
        const int limit = kind == ChannelKind::memory ? static_cast<int>(gpu.memory_channels.size())
                          : kind == ChannelKind::port ? static_cast<int>(gpu.port_channels.size())
                          : kind == ChannelKind::switch_channel
                              ? static_cast<int>(indexes.switch_groups.size())
                              : 0;
        std::vector<int>& list = kind == ChannelKind::memory ? result.memory_channels
                                 : kind == ChannelKind::port ? result.port_channels
                                                             : result.switch_channels;
        for (std::size_t id = 0; id < ids.size(); ++id) {
            const long long value = integer(ids[id], at(ids_path, id), 0);
            if (value >= limit)
                fail(at(ids_path, id), "channel " + std::to_string(value) + " out of range: gpu " +
                                           std::to_string(gpu.id) + " has " +
                                           std::to_string(limit) + " " + channel_name(kind) +
                                           " channels");
            list.push_back(static_cast<int>(value));
        }
    }
    const auto refs = block.find("remote_buffer_refs");
    if (refs == block.end()) return result;
    const std::string refs_path = at(path, "remote_buffer_refs");
    array(*refs, refs_path);
    for (std::size_t position = 0; position < refs->size(); ++position) {
        const std::string ref_path = at(refs_path, position);
        const json& ref = (*refs)[position];
        const ChannelKind kind = channel_kind(required(ref, "access_channel_type", ref_path),
                                              at(ref_path, "access_channel_type"));
        const std::string ids_path = at(ref_path, "remote_buffer_ids");
        const json& ids = array(required(ref, "remote_buffer_ids", ref_path), ids_path);
        for (std::size_t id = 0; id < ids.size(); ++id) {
            const long long value = integer(ids[id], at(ids_path, id), 0);
            if (value >= static_cast<long long>(indexes.remote_buffers.size()))
                fail(at(ids_path, id), "remote buffer " + std::to_string(value) +
                                           " out of range: gpu " + std::to_string(gpu.id) +
                                           " has " + std::to_string(indexes.remote_buffers.size()));
            if (kind == ChannelKind::memory)
                result.memory_buffers.push_back(static_cast<int>(value));
            if (kind == ChannelKind::port) result.port_buffers.push_back(static_cast<int>(value));
        }
    }
    return result;
}

BufferRange Reader::read_range(const json& reference, const std::string& path, const Gpu& gpu,
                               ChannelKind channel, const BlockIndexes& block,
                               const GpuIndexes& indexes) {
    ignored_fields(reference, path, {"type", "buffer_id", "switch_channel_id", "index", "size"},
                   "a buffer reference");
    BufferRange range;
    range.gpu = gpu.id;
    bool typed = false;
    if (const auto type = reference.find("type"); type != reference.end()) {
        range.buffer = buffer_kind(*type, at(path, "type"));
        typed = true;
    }
    if (const auto id = reference.find("buffer_id"); id != reference.end()) {
        if (channel != ChannelKind::memory && channel != ChannelKind::port)
            fail(at(path, "buffer_id"),
                 "MSCCL++ executor: Invalid channel type (a remote buffer needs the operation's "
                 "channel_type memory or port)");
        const std::vector<int>& list =
            channel == ChannelKind::memory ? block.memory_buffers : block.port_buffers;
        const long long value = integer(*id, at(path, "buffer_id"), 0);
        if (value >= static_cast<long long>(list.size()))
            fail(at(path, "buffer_id"), "remote buffer " + std::to_string(value) +
                                            " out of range: the thread block refers to " +
                                            std::to_string(list.size()) + " through " +
                                            channel_name(channel) + " channels");
        const RemoteBuffer& remote = indexes.remote_buffers[list[static_cast<std::size_t>(value)]];
        range.gpu = remote.gpu;
        range.buffer = remote.buffer;
        range.remote = true;
        typed = true;
    }
    if (const auto id = reference.find("switch_channel_id"); id != reference.end()) {
        const long long value = integer(*id, at(path, "switch_channel_id"), 0);
        if (value >= static_cast<long long>(block.switch_channels.size()))
            fail(at(path, "switch_channel_id"), "switch channel " + std::to_string(value) +
                                                    " out of range: the thread block has " +
                                                    std::to_string(block.switch_channels.size()));
        const SwitchGroup& group =
            indexes.switch_groups[block.switch_channels[static_cast<std::size_t>(value)]];
        range.buffer = group.buffer;
        range.group = group.ranks;
        typed = true;
    }
    if (!typed)
        fail(path, "a buffer reference needs \"type\", \"buffer_id\" or \"switch_channel_id\"");
    range.index =
        static_cast<int>(integer(required(reference, "index", path), at(path, "index"), 0));
    range.size = static_cast<int>(integer(required(reference, "size", path), at(path, "size"), 0));
    ranges_.push_back({path, range});
    return range;
}

Operation Reader::read_operation(const json& op, const std::string& path, const Gpu& gpu,
                                 const BlockIndexes& block, const GpuIndexes& indexes, bool inner) {
    Operation operation;
    const std::string name = text(required(op, "name", path), at(path, "name"));
    const std::optional<OperationKind> kind = operation_kind(name);
    if (!kind) fail(at(path, "name"), "MSCCL++ executor: Invalid operation type: " + name);
    operation.kind = *kind;
    ignored_fields(op, path,
                   {"name", "channel_type", "channel_ids", "tbg_info", "src_buff", "dst_buff",
                    "barrier_id", "num_threadblocks", "semaphore_ids", "iter_context", "ops"},
                   "an operation");
    if (const auto type = op.find("channel_type"); type != op.end())
        operation.channel_kind = channel_kind(*type, at(path, "channel_type"));
    if (const auto ids = op.find("channel_ids"); ids != op.end()) {
        const std::string ids_path = at(path, "channel_ids");
        array(*ids, ids_path);
        const bool memory = operation.channel_kind == ChannelKind::memory;
        const bool port = operation.channel_kind == ChannelKind::port;
        const std::vector<int>& list = memory ? block.memory_channels
                                       : port ? block.port_channels
                                              : block.switch_channels;
        for (std::size_t position = 0; position < ids->size(); ++position) {
            const long long value = integer((*ids)[position], at(ids_path, position), 0);
            if (value >= static_cast<long long>(list.size()))
                fail(at(ids_path, position),
                     "channel " + std::to_string(value) + " out of range: the thread block has " +
                         std::to_string(list.size()) + " " + channel_name(operation.channel_kind) +
                         " channels");
            operation.channels.push_back(list[static_cast<std::size_t>(value)]);
        }
    }
    if (const auto group = op.find("tbg_info"); group != op.end()) {
        const std::string group_path = at(path, "tbg_info");
        operation.group_size = static_cast<int>(
            integer(required(*group, "tbg_size", group_path), at(group_path, "tbg_size"), 1, 1024));
        operation.group_index =
            static_cast<int>(integer(required(*group, "tb_id", group_path), at(group_path, "tb_id"),
                                     0, operation.group_size - 1));
    }
    for (const auto& [key, into] :
         {std::pair<const char*, std::vector<BufferRange>*>{"src_buff", &operation.sources},
          {"dst_buff", &operation.destinations}}) {
        const auto list = op.find(key);
        if (list == op.end()) continue;
        const std::string list_path = at(path, key);
        array(*list, list_path);
        for (std::size_t position = 0; position < list->size(); ++position)
            into->push_back(read_range((*list)[position], at(list_path, position), gpu,
                                       operation.channel_kind, block, indexes));
    }
    if (const auto id = op.find("barrier_id"); id != op.end())
        operation.barrier_id = static_cast<int>(integer(*id, at(path, "barrier_id"), 0));
    if (const auto count = op.find("num_threadblocks"); count != op.end())
        operation.barrier_thread_blocks =
            static_cast<int>(integer(*count, at(path, "num_threadblocks"), 1));
    if (operation.kind == OperationKind::barrier &&
        (operation.barrier_id < 0 || operation.barrier_thread_blocks < 1))
        fail(path, "a barrier needs \"barrier_id\" and \"num_threadblocks\"");
    if (const auto ids = op.find("semaphore_ids"); ids != op.end()) {
        const std::string ids_path = at(path, "semaphore_ids");
        array(*ids, ids_path);
        for (std::size_t position = 0; position < ids->size(); ++position)
            operation.semaphores.push_back(
                static_cast<int>(integer((*ids)[position], at(ids_path, position), 0,
                                         static_cast<long long>(gpu.semaphores.size()) - 1)));
    }
    if (operation.kind == OperationKind::pipeline) {
        if (inner) fail(path, "a pipeline inside a pipeline: the executor expands one level only");
        const std::string context_path = at(path, "iter_context");
        const json& context = required(op, "iter_context", path);
        operation.unit_size =
            integer(required(context, "unit_size", context_path), at(context_path, "unit_size"), 1,
                    std::numeric_limits<std::int64_t>::max());
        operation.pipeline_chunks = static_cast<int>(integer(
            required(context, "num_chunks", context_path), at(context_path, "num_chunks"), 1));
        const std::string ops_path = at(path, "ops");
        const json& ops = array(required(op, "ops", path), ops_path);
        for (std::size_t position = 0; position < ops.size(); ++position) {
            Operation inner_operation =
                read_operation(ops[position], at(ops_path, position), gpu, block, indexes, true);
            inner_operation.inner_index = static_cast<int>(position);
            operation.inner.push_back(std::move(inner_operation));
        }
    } else if (op.contains("ops") || op.contains("iter_context")) {
        warnings_.add("ops-outside-pipeline", path,
                      "\"ops\" and \"iter_context\" are read on a pipeline only; the executor "
                      "ignores them on \"" +
                          name + "\"");
    }
    return operation;
}

void Reader::check_bounds(const Plan& plan) const {
    for (const RangePlace& place : ranges_) {
        const BufferRange& range = place.range;
        std::vector<int> gpus = range.group;
        if (gpus.empty()) gpus.push_back(range.gpu);
        for (int gpu : gpus) {
            const int chunks = plan.chunks(gpu, range.buffer);
            if (range.index + range.size > chunks)
                fail(place.path, "chunks [" + std::to_string(range.index) + ", " +
                                     std::to_string(range.index + range.size) + ") of gpu " +
                                     std::to_string(gpu) + "'s " + buffer_letter(range.buffer) +
                                     " buffer, which has " + std::to_string(chunks) + " chunks");
        }
    }
}

Plan Reader::read(const json& root) {
    Plan plan;
    if (!root.is_object()) fail("", "an execution plan is a JSON object");
    ignored_fields(root, "",
                   {"name", "collective", "protocol", "inplace", "reuse_resources", "gpus",
                    "num_threads_per_block", "use_double_scratch_buffer", "buffer_alignment",
                    "min_message_size", "max_message_size"},
                   "the plan");
    plan.name = text(required(root, "name", ""), "name");
    plan.collective = text(required(root, "collective", ""), "collective");
    plan.protocol = text(required(root, "protocol", ""), "protocol");
    if (plan.protocol != "Simple" && plan.protocol != "LL")
        warnings_.add("protocol", "protocol",
                      "protocol \"" + plan.protocol +
                          "\": the executor uses packets for \"LL\" and treats anything else as "
                          "\"Simple\"");
    plan.in_place = boolean(required(root, "inplace", ""), "inplace");
    if (const auto twice = root.find("use_double_scratch_buffer"); twice != root.end())
        plan.double_scratch = boolean(*twice, "use_double_scratch_buffer");
    const json& gpus = array(required(root, "gpus", ""), "gpus");
    if (gpus.empty()) fail("gpus", "a plan needs at least one gpu");
    gpu_count_ = static_cast<int>(gpus.size());
    std::vector<GpuIndexes> indexes(gpus.size());
    for (std::size_t position = 0; position < gpus.size(); ++position) {
        const std::string path = at("gpus", position);
        const json& gpu = gpus[position];
        ignored_fields(gpu, path,
                       {"id", "input_chunks", "output_chunks", "scratch_chunks", "threadblocks",
                        "channels", "remote_buffers", "semaphores"},
                       "a gpu");
        Gpu into;
        into.id = static_cast<int>(integer(required(gpu, "id", path), at(path, "id"), 0));
        if (into.id != static_cast<int>(position))
            fail(at(path, "id"), "MSCCL++ executor: GPU rank does not match (gpus[" +
                                     std::to_string(position) + "] has id " +
                                     std::to_string(into.id) + ")");
        into.input_chunks = static_cast<int>(
            integer(required(gpu, "input_chunks", path), at(path, "input_chunks"), 0));
        into.output_chunks = static_cast<int>(
            integer(required(gpu, "output_chunks", path), at(path, "output_chunks"), 0));
        into.scratch_chunks = static_cast<int>(
            integer(required(gpu, "scratch_chunks", path), at(path, "scratch_chunks"), 0));
        read_gpu_channels(gpu, path, into, indexes[position]);
        read_remote_buffers(gpu, path, indexes[position]);
        if (const auto semaphores = gpu.find("semaphores"); semaphores != gpu.end()) {
            const std::string list_path = at(path, "semaphores");
            array(*semaphores, list_path);
            for (std::size_t index = 0; index < semaphores->size(); ++index) {
                const std::string semaphore_path = at(list_path, index);
                into.semaphores.push_back({static_cast<int>(
                    integer(required((*semaphores)[index], "init_value", semaphore_path),
                            at(semaphore_path, "init_value"), 0))});
            }
        }
        plan.gpus.push_back(std::move(into));
    }
    for (std::size_t position = 0; position < gpus.size(); ++position) {
        const std::string path = at("gpus", position);
        Gpu& gpu = plan.gpus[position];
        const std::string blocks_path = at(path, "threadblocks");
        const json& blocks = array(required(gpus[position], "threadblocks", path), blocks_path);
        for (std::size_t block_position = 0; block_position < blocks.size(); ++block_position) {
            const std::string block_path = at(blocks_path, block_position);
            const json& block = blocks[block_position];
            ignored_fields(block, block_path, {"id", "ops", "channels", "remote_buffer_refs"},
                           "a thread block");
            ThreadBlock into;
            into.id =
                static_cast<int>(integer(required(block, "id", block_path), at(block_path, "id"), 0,
                                         static_cast<long long>(blocks.size()) - 1));
            for (const ThreadBlock& earlier : gpu.thread_blocks)
                if (earlier.id == into.id)
                    fail(at(block_path, "id"), "thread block id " + std::to_string(into.id) +
                                                   " given twice on gpu " + std::to_string(gpu.id));
            const BlockIndexes block_indexes =
                read_block_indexes(block, block_path, gpu, indexes[position]);
            const std::string ops_path = at(block_path, "ops");
            const json& ops = array(required(block, "ops", block_path), ops_path);
            for (std::size_t op = 0; op < ops.size(); ++op) {
                Operation operation = read_operation(ops[op], at(ops_path, op), gpu, block_indexes,
                                                     indexes[position], false);
                operation.index = static_cast<int>(op);
                for (Operation& inner : operation.inner) inner.index = static_cast<int>(op);
                into.operations.push_back(std::move(operation));
            }
            gpu.thread_blocks.push_back(std::move(into));
        }
    }
    check_bounds(plan);
    plan.warnings = warnings_.lines();
    return plan;
}

}  // namespace

Plan parse_plan_json(const std::string& text, const std::string& file_label) {
    const nlohmann::json root = parse_json_document(text, file_label);
    return Reader(file_label).read(root);
}

Plan read_plan_file(const std::string& path) { return parse_plan_json(read_file_text(path), path); }

}  // namespace trivcheck::mscclpp
