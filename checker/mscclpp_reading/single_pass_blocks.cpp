#include "checker/mscclpp_reading/single_pass_blocks.hpp"

#include <optional>
#include <vector>

#include "checker/mscclpp/port_proxy.hpp"
#include "checker/mscclpp_reading/single_pass_fields.hpp"

namespace trivcheck::mscclpp::detail {

namespace {

/// A thread block's `channels` or `remote_buffer_refs`: objects of a channel
/// kind and ids, the ids appended to `memory` or `port` by their kind.
template <KeyName KindKey, KeyName IdsKey, typename... OtherKeys>
void read_ids_by_kind(JsonCursor& cursor, std::vector<int>& memory, std::vector<int>& port,
                      OtherKeys... other_keys) {
    read_array(cursor, [&] {
        ChannelKind kind = ChannelKind::none;
        std::vector<int> ids;
        read_object(cursor, required_key<KindKey>([&] { kind = read_memory_or_port(cursor); }),
                    required_key<IdsKey>([&] { ids = read_numbers(cursor); }), other_keys...);
        std::vector<int>& list = kind == ChannelKind::memory ? memory : port;
        list.insert(list.end(), ids.begin(), ids.end());
    });
}

/// An operation's `tbg_info`: the slice its thread block takes.
void read_group(JsonCursor& cursor, Operation& operation) {
    long long group_index = 0;
    read_object(cursor, required_key<"tbg_size">([&] {
                    operation.group_size =
                        static_cast<std::int16_t>(read_number(cursor, 1, max_group_size));
                }),
                required_key<"tb_id">([&] { group_index = cursor.integer(); }));
    require(group_index < operation.group_size);
    operation.group_index = static_cast<std::int16_t>(group_index);
}

/// A `src_buff` or `dst_buff` array, read into the operation's list in place.
template <typename Ranges>
void read_ranges(JsonCursor& cursor, Ranges& ranges) {
    read_array(cursor, [&] {
        BufferRange& range = ranges.emplace_back();
        bool typed = false;
        // switch_channel_id, not among the keys, gives up
        read_object(cursor, optional_key<"type">([&] {
                        typed = true;
                        range.buffer = read_buffer_kind(cursor);
                    }),
                    optional_key<"buffer_id">([&] {
                        range.gpu = read_number(cursor, 0);
                        range.remote = true;
                    }),
                    required_key<"index">([&] { range.index = read_number(cursor, 0); }),
                    required_key<"size">([&] { range.size = read_number(cursor, 0); }));
        require(typed || range.remote);
    });
}

/// The operation at `cursor`, read into `operation`; no pipeline. Its channel ids are still
/// positions in the thread block's `channels`, and a remote range keeps the file's buffer_id in
/// `gpu`, until resolved (single_pass_resolution.hpp).
void read_operation(JsonCursor& cursor, Operation& operation) {
    // iter_context and ops, not among the keys, give up: pipelines, or a warning
    read_object(
        cursor, required_key<"name">([&] {
            const std::optional<OperationKind> kind = operation_kind(cursor.string());
            require(kind && *kind != OperationKind::pipeline);
            operation.kind = *kind;
        }),
        optional_key<"channel_type">([&] { operation.channel_kind = read_memory_or_port(cursor); }),
        optional_key<"channel_ids">([&] { read_numbers_into(cursor, operation.channels); }),
        optional_key<"tbg_info">([&] { read_group(cursor, operation); }),
        optional_key<"src_buff">([&] { read_ranges(cursor, operation.sources); }),
        optional_key<"dst_buff">([&] { read_ranges(cursor, operation.destinations); }),
        optional_key<"barrier_id">([&] { operation.barrier_id = read_number(cursor, 0); }),
        optional_key<"num_threadblocks">(
            [&] { operation.barrier_thread_blocks = read_number(cursor, 1); }),
        optional_key<"semaphore_ids">([&] { read_numbers_into(cursor, operation.semaphores); }));
    if (operation.kind == OperationKind::barrier)
        require(operation.barrier_id >= 0 && operation.barrier_thread_blocks >= 1);
    // Port channels a thread takes past channel_ids: the reader's warning.
    require(!indexes_channels_per_destination(operation) ||
            operation.channels.size() >= operation.destinations.size());
}

}  // namespace

RawBlock read_block(JsonCursor& cursor) {
    RawBlock raw;
    std::vector<Operation>& operations = raw.block.operations;
    read_object(cursor, required_key<"id">([&] { raw.block.id = read_number(cursor, 0); }),
                required_key<"ops">([&] {
                    // Read in place: a temporary's destructor, called out of line, took 2% of the
                    // reading.
                    read_array(cursor, [&] {
                        Operation& operation = operations.emplace_back();
                        operation.index = static_cast<int>(operations.size()) - 1;
                        read_operation(cursor, operation);
                    });
                }),
                required_key<"channels">([&] {
                    read_ids_by_kind<"channel_type", "channel_ids">(
                        cursor, raw.indexes.memory_channels, raw.indexes.port_channels,
                        optional_key<"buff">([&] { read_buffer_kind(cursor); }));
                }),
                optional_key<"remote_buffer_refs">([&] {
                    read_ids_by_kind<"access_channel_type", "remote_buffer_ids">(
                        cursor, raw.indexes.memory_buffers, raw.indexes.port_buffers);
                }));
    return raw;
}

}  // namespace trivcheck::mscclpp::detail
