#include "checker/mscclpp_reading/single_pass_gpus.hpp"

#include <algorithm>
#include <vector>

#include "checker/mscclpp_reading/plan_indexes.hpp"
#include "checker/mscclpp_reading/single_pass_blocks.hpp"
#include "checker/mscclpp_reading/single_pass_fields.hpp"
#include "checker/mscclpp_reading/single_pass_resolution.hpp"

namespace trivcheck::mscclpp::detail {

namespace {

bool is_channel_kind(std::string_view name) {
    return name == "memory" || name == "port" || name == "switch" || name == "none";
}

/// A gpu's memory and port channels, one per peer of each `connected_to`.
void read_peer_channels(JsonCursor& cursor, Gpu& gpu, int& largest_gpu_named) {
    read_array(cursor, [&] {
        ChannelKind kind = ChannelKind::none;
        std::vector<int> peers;
        read_object(cursor,
                    required_key<"channel_type">([&] { kind = read_memory_or_port(cursor); }),
                    required_key<"connected_to">([&] { peers = read_numbers(cursor); }));
        std::vector<Channel>& list =
            kind == ChannelKind::memory ? gpu.memory_channels : gpu.port_channels;
        for (int peer : peers) {
            largest_gpu_named = std::max(largest_gpu_named, peer);
            list.push_back({kind, peer, 0});
        }
    });
}

/// A gpu's `remote_buffers`: what its thread blocks' `remote_buffer_refs` index.
std::vector<RemoteBuffer> read_gpu_remote_buffers(JsonCursor& cursor, int& largest_gpu_named) {
    std::vector<RemoteBuffer> remotes;
    read_array(cursor, [&] {
        RemoteBuffer remote;
        read_object(cursor, required_key<"rank">([&] {
                        remote.gpu = read_number(cursor, 0);
                        largest_gpu_named = std::max(largest_gpu_named, remote.gpu);
                    }),
                    required_key<"type">([&] { remote.buffer = read_buffer_kind(cursor); }),
                    required_key<"access_channel_types">([&] {
                        read_array(cursor, [&] { require(is_channel_kind(cursor.string())); });
                    }));
        remotes.push_back(remote);
    });
    return remotes;
}

std::vector<Semaphore> read_semaphores(JsonCursor& cursor) {
    std::vector<Semaphore> semaphores;
    read_array(cursor, [&] {
        Semaphore semaphore;
        read_object(cursor, required_key<"init_value">(
                                [&] { semaphore.initial = read_number(cursor, 0); }));
        semaphores.push_back(semaphore);
    });
    return semaphores;
}

}  // namespace

Gpu read_gpu(JsonCursor& cursor, int position, int& largest_gpu_named) {
    Gpu gpu;
    std::vector<RawBlock> blocks;
    std::vector<RemoteBuffer> remotes;
    read_object(
        cursor, required_key<"id">([&] { gpu.id = read_number(cursor, 0); }),
        // 0 is refused (checkMessageSize): the reader says so.
        required_key<"input_chunks">([&] { gpu.input_chunks = read_number(cursor, 1); }),
        required_key<"output_chunks">([&] { gpu.output_chunks = read_number(cursor, 1); }),
        required_key<"scratch_chunks">([&] { gpu.scratch_chunks = read_number(cursor, 0); }),
        required_key<"threadblocks">(
            [&] { read_array(cursor, [&] { blocks.push_back(read_block(cursor)); }); }),
        required_key<"channels">([&] { read_peer_channels(cursor, gpu, largest_gpu_named); }),
        required_key<"remote_buffers">(
            [&] { remotes = read_gpu_remote_buffers(cursor, largest_gpu_named); }),
        optional_key<"semaphores">([&] { gpu.semaphores = read_semaphores(cursor); }));
    require(gpu.id == position);
    resolve_gpu(gpu, blocks, remotes);
    return gpu;
}

}  // namespace trivcheck::mscclpp::detail
