#include "checker/mscclpp_reading/single_pass_operations.hpp"

#include <optional>
#include <vector>

#include "checker/mscclpp_reading/single_pass_fields.hpp"

namespace trivcheck::mscclpp::detail {

namespace {

/// An operation's `tbg_info`: the slice its thread block takes.
void read_group(JsonCursor& cursor, Operation& operation) {
    long long group_index = 0;
    read_object(
        cursor,
        required_key("tbg_size", [&] { operation.group_size = read_number(cursor, 1, 1024); }),
        required_key("tb_id", [&] { group_index = cursor.integer(); }));
    require(group_index < operation.group_size);
    operation.group_index = static_cast<int>(group_index);
}

std::vector<BufferRange> read_ranges(JsonCursor& cursor) {
    std::vector<BufferRange> ranges;
    read_array(cursor, [&] {
        BufferRange range;
        bool typed = false;
        // switch_channel_id, not among the keys, gives up
        read_object(cursor,
                    optional_key("type",
                                 [&] {
                                     typed = true;
                                     range.buffer = read_buffer_kind(cursor);
                                 }),
                    optional_key("buffer_id",
                                 [&] {
                                     range.gpu = read_number(cursor, 0);
                                     range.remote = true;
                                 }),
                    required_key("index", [&] { range.index = read_number(cursor, 0); }),
                    required_key("size", [&] { range.size = read_number(cursor, 0); }));
        require(typed || range.remote);
        ranges.push_back(range);
    });
    return ranges;
}

}  // namespace

Operation read_operation(JsonCursor& cursor, int index) {
    Operation operation;
    operation.index = index;
    // iter_context and ops, not among the keys, give up: pipelines, or a warning
    read_object(
        cursor,
        required_key("name",
                     [&] {
                         const std::optional<OperationKind> kind = operation_kind(cursor.string());
                         require(kind && *kind != OperationKind::pipeline);
                         operation.kind = *kind;
                     }),
        optional_key("channel_type", [&] { operation.channel_kind = read_memory_or_port(cursor); }),
        optional_key("channel_ids", [&] { operation.channels = read_numbers(cursor); }),
        optional_key("tbg_info", [&] { read_group(cursor, operation); }),
        optional_key("src_buff", [&] { operation.sources = read_ranges(cursor); }),
        optional_key("dst_buff", [&] { operation.destinations = read_ranges(cursor); }),
        optional_key("barrier_id", [&] { operation.barrier_id = read_number(cursor, 0); }),
        optional_key("num_threadblocks",
                     [&] { operation.barrier_thread_blocks = read_number(cursor, 1); }),
        optional_key("semaphore_ids", [&] { operation.semaphores = read_numbers(cursor); }));
    if (operation.kind == OperationKind::barrier)
        require(operation.barrier_id >= 0 && operation.barrier_thread_blocks >= 1);
    return operation;
}

}  // namespace trivcheck::mscclpp::detail
