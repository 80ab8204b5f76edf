#include "checker/mscclpp_reading/plan_single_pass.hpp"

#include <climits>
#include <unordered_map>
#include <vector>

#include "checker/formats/json_cursor.hpp"
#include "checker/mscclpp_reading/plan_indexes.hpp"

// Every check of plan_reader.cpp and plan_indexes.cpp is here as a reason to
// give up (OutsidePlainJson), never as a message: the full reading then
// reports it in its own words. What may come after what it refers to (a
// thread block's channels after its operations, a gpu's semaphores after its
// thread blocks, peers before the gpu count is known) is kept raw and checked
// when the gpu, or the plan, is complete.

namespace trivcheck::mscclpp {

namespace {

[[noreturn]] void give_up() { throw OutsidePlainJson{}; }

void require(bool condition) {
    if (!condition) give_up();
}

/// The fields an object has given so far: a repeated one gives up (the full
/// reading refuses repeated keys), and so does a missing required one.
class GivenFields {
  public:
    void add(int field) {
        require((bits_ & (1U << field)) == 0);
        bits_ |= 1U << field;
    }
    bool has(int field) const { return (bits_ & (1U << field)) != 0; }
    void require_all(unsigned mask) const { require((bits_ & mask) == mask); }

  private:
    unsigned bits_ = 0;
};

BufferKind buffer_kind(std::string_view name) {
    if (name == "i") return BufferKind::input;
    if (name == "o") return BufferKind::output;
    if (name == "s") return BufferKind::scratch;
    give_up();
}

/// Memory or port: the only channel kinds this pass reads.
ChannelKind memory_or_port(std::string_view name) {
    if (name == "memory") return ChannelKind::memory;
    if (name == "port") return ChannelKind::port;
    give_up();
}

bool is_channel_kind(std::string_view name) {
    return name == "memory" || name == "port" || name == "switch" || name == "none";
}

/// A thread block as read, its indexes still the file's.
struct RawBlock {
    ThreadBlock block;
    BlockIndexes indexes;
};

class SinglePass {
  public:
    explicit SinglePass(std::string_view text) : cursor_(text) {}

    Plan read();

  private:
    int number(long long minimum, long long maximum = INT_MAX);
    std::vector<int> numbers();
    Gpu read_gpu(int position);
    void read_channels(Gpu& gpu);
    std::vector<RemoteBuffer> read_remote_buffers();
    std::vector<Semaphore> read_semaphores();
    std::vector<RawBlock> read_blocks();
    RawBlock read_block();
    void read_block_channels(BlockIndexes& indexes);
    void read_buffer_refs(BlockIndexes& indexes);
    Operation read_operation(int index);
    void read_group(Operation& operation);
    std::vector<BufferRange> read_ranges();
    BufferRange read_range();
    void resolve(Gpu& gpu, std::vector<RawBlock>& blocks,
                 const std::vector<RemoteBuffer>& remotes) const;
    void resolve_operation(Operation& operation, const Gpu& gpu, const BlockIndexes& indexes,
                           const std::vector<RemoteBuffer>& remotes) const;
    static void check_bounds(const Plan& plan);

    JsonCursor cursor_;
    /// The largest gpu a peer or a remote buffer names: below the gpu count, known at the end.
    int largest_gpu_named_ = -1;
};

int SinglePass::number(long long minimum, long long maximum) {
    const std::int64_t value = cursor_.integer();
    require(value >= minimum && value <= maximum);
    return static_cast<int>(value);
}

std::vector<int> SinglePass::numbers() {
    std::vector<int> values;
    cursor_.expect('[');
    for (bool first = true; cursor_.next_element(first); first = false) values.push_back(number(0));
    return values;
}

Plan SinglePass::read() {
    enum Field { name, collective, protocol, inplace, gpus, double_scratch, unread };
    Plan plan;
    GivenFields given;
    int unread_given = 0;
    cursor_.expect('{');
    std::string_view key;
    for (bool first = true; cursor_.next_key(first, key); first = false) {
        if (key == "name") {
            given.add(name);
            plan.name = cursor_.string();
        } else if (key == "collective") {
            given.add(collective);
            plan.collective = cursor_.string();
        } else if (key == "protocol") {
            given.add(protocol);
            plan.protocol = cursor_.string();
            require(plan.protocol == "Simple" || plan.protocol == "LL");
        } else if (key == "inplace") {
            given.add(inplace);
            plan.in_place = cursor_.boolean();
        } else if (key == "use_double_scratch_buffer") {
            given.add(double_scratch);
            plan.double_scratch = cursor_.boolean();
        } else if (key == "gpus") {
            given.add(gpus);
            cursor_.expect('[');
            for (bool first_gpu = true; cursor_.next_element(first_gpu); first_gpu = false)
                plan.gpus.push_back(read_gpu(static_cast<int>(plan.gpus.size())));
        } else {
            // Fields the executor knows and the reader does not use: any scalar, once each.
            constexpr std::string_view unread_fields[] = {
                "reuse_resources", "num_threads_per_block", "buffer_alignment", "min_message_size",
                "max_message_size"};
            int field = -1;
            for (int index = 0; index < 5; ++index)
                if (key == unread_fields[index]) field = index;
            require(field >= 0 && (unread_given & (1 << field)) == 0);
            unread_given |= 1 << field;
            cursor_.scalar();
        }
    }
    cursor_.finish();
    given.require_all(1U << name | 1U << collective | 1U << protocol | 1U << inplace | 1U << gpus);
    require(!plan.gpus.empty() && largest_gpu_named_ < static_cast<int>(plan.gpus.size()));
    check_bounds(plan);
    return plan;
}

Gpu SinglePass::read_gpu(int position) {
    enum Field { id, input, output, scratch, blocks, channels, remote_buffers, semaphores };
    Gpu gpu;
    std::vector<RawBlock> raw_blocks;
    std::vector<RemoteBuffer> remotes;
    GivenFields given;
    cursor_.expect('{');
    std::string_view key;
    for (bool first = true; cursor_.next_key(first, key); first = false) {
        if (key == "id") {
            given.add(id);
            gpu.id = number(0);
        } else if (key == "input_chunks") {
            given.add(input);
            gpu.input_chunks = number(0);
        } else if (key == "output_chunks") {
            given.add(output);
            gpu.output_chunks = number(0);
        } else if (key == "scratch_chunks") {
            given.add(scratch);
            gpu.scratch_chunks = number(0);
        } else if (key == "threadblocks") {
            given.add(blocks);
            raw_blocks = read_blocks();
        } else if (key == "channels") {
            given.add(channels);
            read_channels(gpu);
        } else if (key == "remote_buffers") {
            given.add(remote_buffers);
            remotes = read_remote_buffers();
        } else if (key == "semaphores") {
            given.add(semaphores);
            gpu.semaphores = read_semaphores();
        } else {
            give_up();
        }
    }
    given.require_all((1U << semaphores) - 1);
    require(gpu.id == position);
    resolve(gpu, raw_blocks, remotes);
    return gpu;
}

void SinglePass::read_channels(Gpu& gpu) {
    cursor_.expect('[');
    for (bool first = true; cursor_.next_element(first); first = false) {
        enum Field { type, peers_field };
        GivenFields given;
        ChannelKind kind = ChannelKind::none;
        std::vector<int> peers;
        cursor_.expect('{');
        std::string_view key;
        for (bool first_key = true; cursor_.next_key(first_key, key); first_key = false) {
            if (key == "channel_type") {
                given.add(type);
                kind = memory_or_port(cursor_.string());
            } else if (key == "connected_to") {
                given.add(peers_field);
                peers = numbers();
            } else {
                give_up();
            }
        }
        given.require_all(1U << type | 1U << peers_field);
        std::vector<Channel>& list =
            kind == ChannelKind::memory ? gpu.memory_channels : gpu.port_channels;
        for (int peer : peers) {
            largest_gpu_named_ = std::max(largest_gpu_named_, peer);
            list.push_back({kind, peer, 0});
        }
    }
}

std::vector<RemoteBuffer> SinglePass::read_remote_buffers() {
    std::vector<RemoteBuffer> remotes;
    cursor_.expect('[');
    for (bool first = true; cursor_.next_element(first); first = false) {
        enum Field { rank, type, access };
        GivenFields given;
        RemoteBuffer remote;
        cursor_.expect('{');
        std::string_view key;
        for (bool first_key = true; cursor_.next_key(first_key, key); first_key = false) {
            if (key == "rank") {
                given.add(rank);
                remote.gpu = number(0);
                largest_gpu_named_ = std::max(largest_gpu_named_, remote.gpu);
            } else if (key == "type") {
                given.add(type);
                remote.buffer = buffer_kind(cursor_.string());
            } else if (key == "access_channel_types") {
                given.add(access);
                cursor_.expect('[');
                for (bool first_kind = true; cursor_.next_element(first_kind); first_kind = false)
                    require(is_channel_kind(cursor_.string()));
            } else {
                give_up();
            }
        }
        given.require_all(1U << rank | 1U << type | 1U << access);
        remotes.push_back(remote);
    }
    return remotes;
}

std::vector<Semaphore> SinglePass::read_semaphores() {
    std::vector<Semaphore> semaphores;
    cursor_.expect('[');
    for (bool first = true; cursor_.next_element(first); first = false) {
        cursor_.expect('{');
        std::string_view key;
        require(cursor_.next_key(true, key) && key == "init_value");
        semaphores.push_back({number(0)});
        require(!cursor_.next_key(false, key));
    }
    return semaphores;
}

std::vector<RawBlock> SinglePass::read_blocks() {
    std::vector<RawBlock> blocks;
    cursor_.expect('[');
    for (bool first = true; cursor_.next_element(first); first = false)
        blocks.push_back(read_block());
    return blocks;
}

RawBlock SinglePass::read_block() {
    enum Field { id, ops, channels, refs };
    RawBlock raw;
    GivenFields given;
    cursor_.expect('{');
    std::string_view key;
    for (bool first = true; cursor_.next_key(first, key); first = false) {
        if (key == "id") {
            given.add(id);
            raw.block.id = number(0);
        } else if (key == "ops") {
            given.add(ops);
            cursor_.expect('[');
            for (bool first_op = true; cursor_.next_element(first_op); first_op = false)
                raw.block.operations.push_back(
                    read_operation(static_cast<int>(raw.block.operations.size())));
        } else if (key == "channels") {
            given.add(channels);
            read_block_channels(raw.indexes);
        } else if (key == "remote_buffer_refs") {
            given.add(refs);
            read_buffer_refs(raw.indexes);
        } else {
            give_up();
        }
    }
    given.require_all(1U << id | 1U << ops | 1U << channels);
    return raw;
}

void SinglePass::read_block_channels(BlockIndexes& indexes) {
    cursor_.expect('[');
    for (bool first = true; cursor_.next_element(first); first = false) {
        enum Field { type, ids_field, buff };
        GivenFields given;
        ChannelKind kind = ChannelKind::none;
        std::vector<int> ids;
        cursor_.expect('{');
        std::string_view key;
        for (bool first_key = true; cursor_.next_key(first_key, key); first_key = false) {
            if (key == "channel_type") {
                given.add(type);
                kind = memory_or_port(cursor_.string());
            } else if (key == "channel_ids") {
                given.add(ids_field);
                ids = numbers();
            } else if (key == "buff") {
                given.add(buff);
                buffer_kind(cursor_.string());
            } else {
                give_up();
            }
        }
        given.require_all(1U << type | 1U << ids_field);
        std::vector<int>& list =
            kind == ChannelKind::memory ? indexes.memory_channels : indexes.port_channels;
        list.insert(list.end(), ids.begin(), ids.end());
    }
}

void SinglePass::read_buffer_refs(BlockIndexes& indexes) {
    cursor_.expect('[');
    for (bool first = true; cursor_.next_element(first); first = false) {
        enum Field { type, ids_field };
        GivenFields given;
        ChannelKind kind = ChannelKind::none;
        std::vector<int> ids;
        cursor_.expect('{');
        std::string_view key;
        for (bool first_key = true; cursor_.next_key(first_key, key); first_key = false) {
            if (key == "access_channel_type") {
                given.add(type);
                kind = memory_or_port(cursor_.string());
            } else if (key == "remote_buffer_ids") {
                given.add(ids_field);
                ids = numbers();
            } else {
                give_up();
            }
        }
        given.require_all(1U << type | 1U << ids_field);
        std::vector<int>& list =
            kind == ChannelKind::memory ? indexes.memory_buffers : indexes.port_buffers;
        list.insert(list.end(), ids.begin(), ids.end());
    }
}

Operation SinglePass::read_operation(int index) {
    enum Field { name, type, channels, group, sources, destinations, barrier, count, semaphores };
    Operation operation;
    operation.index = index;
    GivenFields given;
    cursor_.expect('{');
    std::string_view key;
    for (bool first = true; cursor_.next_key(first, key); first = false) {
        if (key == "name") {
            given.add(name);
            const std::optional<OperationKind> kind = operation_kind(cursor_.string());
            require(kind && *kind != OperationKind::pipeline);
            operation.kind = *kind;
        } else if (key == "channel_type") {
            given.add(type);
            operation.channel_kind = memory_or_port(cursor_.string());
        } else if (key == "channel_ids") {
            given.add(channels);
            operation.channels = numbers();
        } else if (key == "tbg_info") {
            given.add(group);
            read_group(operation);
        } else if (key == "src_buff") {
            given.add(sources);
            operation.sources = read_ranges();
        } else if (key == "dst_buff") {
            given.add(destinations);
            operation.destinations = read_ranges();
        } else if (key == "barrier_id") {
            given.add(barrier);
            operation.barrier_id = number(0);
        } else if (key == "num_threadblocks") {
            given.add(count);
            operation.barrier_thread_blocks = number(1);
        } else if (key == "semaphore_ids") {
            given.add(semaphores);
            operation.semaphores = numbers();
        } else {
            give_up();  // iter_context and ops (pipelines, or a warning) among them
        }
    }
    given.require_all(1U << name);
    if (operation.kind == OperationKind::barrier)
        require(operation.barrier_id >= 0 && operation.barrier_thread_blocks >= 1);
    return operation;
}

void SinglePass::read_group(Operation& operation) {
    enum Field { size, index };
    GivenFields given;
    long long group_index = 0;
    cursor_.expect('{');
    std::string_view key;
    for (bool first = true; cursor_.next_key(first, key); first = false) {
        if (key == "tbg_size") {
            given.add(size);
            operation.group_size = number(1, 1024);
        } else if (key == "tb_id") {
            given.add(index);
            group_index = cursor_.integer();
        } else {
            give_up();
        }
    }
    given.require_all(1U << size | 1U << index);
    require(group_index < operation.group_size);
    operation.group_index = static_cast<int>(group_index);
}

std::vector<BufferRange> SinglePass::read_ranges() {
    std::vector<BufferRange> ranges;
    cursor_.expect('[');
    for (bool first = true; cursor_.next_element(first); first = false)
        ranges.push_back(read_range());
    return ranges;
}

/// A remote range keeps the file's buffer_id in `gpu` until resolve().
BufferRange SinglePass::read_range() {
    enum Field { type, buffer_id, index, size };
    BufferRange range;
    GivenFields given;
    cursor_.expect('{');
    std::string_view key;
    for (bool first = true; cursor_.next_key(first, key); first = false) {
        if (key == "type") {
            given.add(type);
            range.buffer = buffer_kind(cursor_.string());
        } else if (key == "buffer_id") {
            given.add(buffer_id);
            range.gpu = number(0);
            range.remote = true;
        } else if (key == "index") {
            given.add(index);
            range.index = number(0);
        } else if (key == "size") {
            given.add(size);
            range.size = number(0);
        } else {
            give_up();  // switch_channel_id among them
        }
    }
    given.require_all(1U << index | 1U << size);
    require(given.has(type) || given.has(buffer_id));
    return range;
}

/// Channel ordinals, peers, thread block ids and every index into a list the
/// gpu gives after its thread blocks.
void SinglePass::resolve(Gpu& gpu, std::vector<RawBlock>& blocks,
                         const std::vector<RemoteBuffer>& remotes) const {
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
        for (Operation& operation : raw.block.operations)
            resolve_operation(operation, gpu, raw.indexes, remotes);
        // Grown by doubling, a block's operations would leave a quarter of
        // the plan's largest list unused on average.
        raw.block.operations.shrink_to_fit();
        gpu.thread_blocks.push_back(std::move(raw.block));
    }
}

void SinglePass::resolve_operation(Operation& operation, const Gpu& gpu,
                                   const BlockIndexes& indexes,
                                   const std::vector<RemoteBuffer>& remotes) const {
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
    for (std::vector<BufferRange>* list : {&operation.sources, &operation.destinations})
        for (BufferRange& range : *list) {
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

void SinglePass::check_bounds(const Plan& plan) {
    for (const Gpu& gpu : plan.gpus)
        for (const ThreadBlock& block : gpu.thread_blocks)
            for (const Operation& operation : block.operations)
                for (const std::vector<BufferRange>* list :
                     {&operation.sources, &operation.destinations})
                    for (const BufferRange& range : *list)
                        require(static_cast<long long>(range.index) + range.size <=
                                plan.chunks(range.gpu, range.buffer));
}

}  // namespace

std::optional<Plan> read_plan_single_pass(std::string_view text) {
    try {
        return SinglePass(text).read();
    } catch (const OutsidePlainJson&) {
        return std::nullopt;
    }
}

}  // namespace trivcheck::mscclpp
