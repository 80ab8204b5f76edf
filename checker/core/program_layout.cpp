#include "checker/core/program_layout.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace trivcheck::msccl {

ProgramLayout::ProgramLayout(const Program& program) : program_(program) {
    gpu_position_.assign(program.gpu_count, -1);
    for (std::size_t position = 0; position < program.gpus.size(); ++position)
        gpu_position_[program.gpus[position].id] = static_cast<int>(position);
    block_by_id_.resize(program.gpu_count);
    for (int gpu_id = 0; gpu_id < program.gpu_count; ++gpu_id) {
        const Gpu& current = gpu(gpu_id);
        int most_id = -1;
        for (const ThreadBlock& thread_block : current.thread_blocks)
            most_id = std::max(most_id, thread_block.id);
        block_by_id_[gpu_id].assign(most_id + 1, -1);
        for (const ThreadBlock& thread_block : current.thread_blocks) {
            block_by_id_[gpu_id][thread_block.id] = static_cast<int>(blocks_.size());
            blocks_.push_back(&thread_block);
            block_gpu_.push_back(gpu_id);
        }
    }
    links_.resize(blocks_.size());
    std::map<std::tuple<int, int, int>, int> connection_index;
    auto connection = [&](int sender, int receiver, int channel) {
        auto [entry, inserted] = connection_index.try_emplace(
            {sender, receiver, channel}, static_cast<int>(connections_.size()));
        if (inserted) connections_.push_back({sender, receiver, channel, -1, -1});
        return entry->second;
    };
    for (int block_index = 0; block_index < block_count(); ++block_index) {
        const ThreadBlock& thread_block = block(block_index);
        const int gpu_id = block_gpu_[block_index];
        if (thread_block.send_peer >= 0) {
            const int index = connection(gpu_id, thread_block.send_peer, thread_block.channel);
            connections_[index].sending_block = block_index;
            links_[block_index].send_connection = index;
        }
        if (thread_block.receive_peer >= 0) {
            const int index = connection(thread_block.receive_peer, gpu_id, thread_block.channel);
            connections_[index].receiving_block = block_index;
            links_[block_index].receive_connection = index;
        }
    }
    for (int gpu_id = 0; gpu_id < program.gpu_count; ++gpu_id)
        input_chunks_ = std::max(input_chunks_, logical_chunks(gpu_id, Buffer::input));
}

int ProgramLayout::block_with_id(int gpu_id, int id) const {
    const std::vector<int>& by_id = block_by_id_[gpu_id];
    return id >= 0 && id < static_cast<int>(by_id.size()) ? by_id[id] : -1;
}

int ProgramLayout::logical_chunks(int gpu_id, Buffer buffer) const {
    const Gpu& current = gpu(gpu_id);
    const int gpus = program_.gpu_count;
    const InPlaceLayout in_place = in_place_layout(program_.collective);
    switch (buffer) {
        case Buffer::scratch:
            return current.scratch_chunks;
        case Buffer::input:
            if (program_.in_place && current.input_chunks == 0) {
                if (in_place == InPlaceLayout::input_in_output) return current.output_chunks / gpus;
                if (in_place == InPlaceLayout::one_buffer) return current.output_chunks;
            }
            return current.input_chunks;
        case Buffer::output:
            if (program_.in_place && current.output_chunks == 0) {
                if (in_place == InPlaceLayout::output_in_input) return current.input_chunks / gpus;
                if (in_place == InPlaceLayout::one_buffer) return current.input_chunks;
            }
            return current.output_chunks;
    }
    return 0;
}

int ProgramLayout::physical_chunks(int gpu_id, Buffer buffer) const {
    const Gpu& current = gpu(gpu_id);
    if (!program_.in_place || buffer == Buffer::scratch) return logical_chunks(gpu_id, buffer);
    switch (in_place_layout(program_.collective)) {
        case InPlaceLayout::input_in_output:
            return buffer == Buffer::output ? current.output_chunks : 0;
        case InPlaceLayout::output_in_input:
            return buffer == Buffer::input ? current.input_chunks : 0;
        case InPlaceLayout::one_buffer:
            return buffer == Buffer::input ? std::max(current.input_chunks, current.output_chunks)
                                           : 0;
    }
    return 0;
}

PhysicalChunk ProgramLayout::resolve(int gpu_id, Buffer buffer, int offset) const {
    if (!program_.in_place || buffer == Buffer::scratch) return {buffer, offset};
    switch (in_place_layout(program_.collective)) {
        case InPlaceLayout::input_in_output:
            if (buffer == Buffer::input)
                return {Buffer::output,
                        gpu_id * (gpu(gpu_id).output_chunks / gpu_count()) + offset};
            return {buffer, offset};
        case InPlaceLayout::output_in_input:
            if (buffer == Buffer::output)
                return {Buffer::input, gpu_id * (gpu(gpu_id).input_chunks / gpu_count()) + offset};
            return {buffer, offset};
        case InPlaceLayout::one_buffer:
            return {Buffer::input, offset};
    }
    return {buffer, offset};
}

int ProgramLayout::buffer_chunks() const {
    switch (program_.collective) {
        case Collective::allgather:
        case Collective::alltoall:
        case Collective::gather:
            return logical_chunks(0, Buffer::output);
        case Collective::allreduce:
        case Collective::reduce_scatter:
        case Collective::broadcast:
        case Collective::reduce:
        case Collective::scatter:
            return logical_chunks(0, Buffer::input);
        case Collective::alltoallv:
        case Collective::send:
        case Collective::recv:
        case Collective::custom:
            break;
    }
    // No buffer is the collective's own: the largest input, every gpu's unit.
    return input_chunks();
}

}  // namespace trivcheck::msccl
