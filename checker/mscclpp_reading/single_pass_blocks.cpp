#include "checker/mscclpp_reading/single_pass_blocks.hpp"

#include <string_view>
#include <vector>

#include "checker/mscclpp_reading/single_pass_fields.hpp"
#include "checker/mscclpp_reading/single_pass_operations.hpp"

namespace trivcheck::mscclpp::detail {

namespace {

/// A thread block's `channels` or `remote_buffer_refs`: objects of a channel
/// kind and ids, the ids appended to `memory` or `port` by their kind.
template <typename... OtherKeys>
void read_ids_by_kind(JsonCursor& cursor, std::string_view kind_key, std::string_view ids_key,
                      std::vector<int>& memory, std::vector<int>& port, OtherKeys... other_keys) {
    read_array(cursor, [&] {
        ChannelKind kind = ChannelKind::none;
        std::vector<int> ids;
        read_object(cursor, required_key(kind_key, [&] { kind = read_memory_or_port(cursor); }),
                    required_key(ids_key, [&] { ids = read_numbers(cursor); }), other_keys...);
        std::vector<int>& list = kind == ChannelKind::memory ? memory : port;
        list.insert(list.end(), ids.begin(), ids.end());
    });
}

}  // namespace

RawBlock read_block(JsonCursor& cursor) {
    RawBlock raw;
    std::vector<Operation>& operations = raw.block.operations;
    read_object(
        cursor, required_key("id", [&] { raw.block.id = read_number(cursor, 0); }),
        required_key("ops",
                     [&] {
                         read_array(cursor, [&] {
                             operations.push_back(
                                 read_operation(cursor, static_cast<int>(operations.size())));
                         });
                     }),
        required_key("channels",
                     [&] {
                         read_ids_by_kind(cursor, "channel_type", "channel_ids",
                                          raw.indexes.memory_channels, raw.indexes.port_channels,
                                          optional_key("buff", [&] { read_buffer_kind(cursor); }));
                     }),
        optional_key("remote_buffer_refs", [&] {
            read_ids_by_kind(cursor, "access_channel_type", "remote_buffer_ids",
                             raw.indexes.memory_buffers, raw.indexes.port_buffers);
        }));
    return raw;
}

}  // namespace trivcheck::mscclpp::detail
