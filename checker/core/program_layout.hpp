#pragma once
#include <string>
#include <vector>

#include "models/msccl_program.hpp"

namespace trivcheck::msccl {

/// A chunk of a gpu's storage after in-place aliasing (docs/msccl.md): which of the
/// gpu's physical buffers (input, output, scratch) and which index in it.
struct PhysicalChunk {
    Buffer buffer = Buffer::input;
    int index = 0;
};

/// Where a thread block sends or receives: connection index, -1 for none.
struct ThreadBlockLinks {
    int send_connection = -1;
    int receive_connection = -1;
};

/// One FIFO connection: gpu `sender` to gpu `receiver` on `channel`, with the
/// flat index of the thread block on each side (-1 when no thread block has it).
struct Connection {
    int sender = 0;
    int receiver = 0;
    int channel = 0;
    int sending_block = -1;
    int receiving_block = -1;
};

/// The program indexed for execution: thread blocks numbered flat (gpu by
/// gpu, in file order), ids resolved, buffers aliased, connections paired.
/// Assumes a program the reader accepted (checker/formats/msccl_xml_reader).
class ProgramLayout {
  public:
    explicit ProgramLayout(const Program& program);

    const Program& program() const { return program_; }
    int gpu_count() const { return program_.gpu_count; }
    int block_count() const { return static_cast<int>(blocks_.size()); }
    /// The gpu (by id) of flat thread block `block`, and the thread block itself.
    int gpu_of(int block) const { return block_gpu_[block]; }
    const ThreadBlock& block(int block) const { return *blocks_[block]; }
    /// Flat index of the thread block with id `id` on gpu `gpu`, or -1.
    int block_with_id(int gpu, int id) const;
    const Gpu& gpu(int gpu) const { return program_.gpus[gpu_position_[gpu]]; }
    const ThreadBlockLinks& links(int block) const { return links_[block]; }
    const std::vector<Connection>& connections() const { return connections_; }

    /// Chunks of `buffer` as the steps of gpu `gpu` may name them (in-place
    /// aliases take the size of what they alias when the file gives 0).
    int logical_chunks(int gpu, Buffer buffer) const;
    /// Size of the physical buffer `buffer` of gpu `gpu`.
    int physical_chunks(int gpu, Buffer buffer) const;
    /// Chunk `offset` of `buffer` as a step of gpu `gpu` names it, after aliasing.
    PhysicalChunk resolve(int gpu, Buffer buffer, int offset) const;

    /// Input chunks per gpu: contributions are (gpu, chunk) with chunk below this.
    int input_chunks() const { return input_chunks_; }
    /// Chunks of the collective's buffer m, the unit of bytes (allreduce,
    /// reducescatter, broadcast, reduce, scatter: gpu 0's input; allgather,
    /// alltoall, gather: its output; the others: the largest input).
    int buffer_chunks() const;
    /// Contribution (gpu, chunk) as one number, contributions of one chunk adjacent.
    int contribution(int gpu, int chunk) const { return chunk * gpu_count() + gpu; }
    int contribution_gpu(int contribution) const { return contribution % gpu_count(); }
    int contribution_chunk(int contribution) const { return contribution / gpu_count(); }

  private:
    const Program& program_;
    std::vector<int> gpu_position_;
    std::vector<const ThreadBlock*> blocks_;
    std::vector<int> block_gpu_;
    std::vector<std::vector<int>> block_by_id_;  // per gpu id: thread block id -> flat index
    std::vector<ThreadBlockLinks> links_;
    std::vector<Connection> connections_;
    int input_chunks_ = 0;
};

}  // namespace trivcheck::msccl
