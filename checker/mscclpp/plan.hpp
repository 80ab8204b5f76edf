#pragma once
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "checker/core/boxed_optional.hpp"
#include "checker/core/inline_vector.hpp"
#include "checker/mscclpp/operation_kind.hpp"

// An MSCCL++ execution plan as the MSCCL++ executor reads it
// (src/core/executor/execution_plan.cc; docs/mscclpp.md), with every index
// resolved: channels and remote buffers name gpus and buffers, not positions
// in per-thread-block lists.

namespace trivcheck::mscclpp {

// One byte each: a plan holds millions of ranges and operations.
enum class BufferKind : std::uint8_t { input, output, scratch };
// ChannelKind: operation_kind.hpp (what some operations do depends on it).

/// "i", "o", "s": the plan's spelling.
const char* buffer_letter(BufferKind buffer);
/// "memory", "port", "switch", "none".
const char* channel_name(ChannelKind channel);

/// A range of chunks of one gpu's buffer that an operation reads or writes.
/// A switch (NVLS) reference stands for the same range on every gpu of its
/// rank group, reached through the multicast address.
/// 16 bytes: a plan holds millions.
struct BufferRange {
    int gpu = 0;
    int index = 0;
    int size = 0;
    /// A switch channel's multicast range: every gpu of
    /// Plan::switch_groups[group]; -1: none (gpu `gpu`'s range). An index,
    /// not the list: a plan holds millions of ranges and few groups (the
    /// reader gives up, exit 4, past max_switch_groups).
    std::int16_t group = -1;
    BufferKind buffer = BufferKind::input;
    /// Reached through a memory or port channel's remote buffer.
    bool remote = false;

    friend bool operator==(const BufferRange&, const BufferRange&) = default;
};

/// A memory or port channel of one gpu, flattened as the executor flattens
/// them: one per peer of each `connected_to` list, in file order per kind.
struct Channel {
    ChannelKind kind = ChannelKind::memory;
    int peer = 0;
    /// Position among this gpu's channels of the same kind to the same peer:
    /// the n-th channel of a to b is paired with the n-th channel of b to a.
    int ordinal_to_peer = 0;

    friend bool operator==(const Channel&, const Channel&) = default;
};

/// The most switch rank groups a plan may name: BufferRange::group is 16 bits.
inline constexpr int max_switch_groups = INT16_MAX + 1;
/// The largest tbg_size the readers accept; Operation's group fields are 16 bits.
inline constexpr int max_group_size = 1024;
/// MAX_OPERATION (the executor's execution_common.hpp): the most operations
/// a thread block may have, a pipeline counted with its inner ones; more is
/// refused at load time (executor.cc, setupDeviceExecutionPlan). The reader
/// refuses such a plan, the export writes none (docs/mscclpp.md).
inline constexpr int executor_max_operations = 64;

struct Pipeline;

/// One operation of a thread block, as execution_plan.cc's setupOperation reads it.
/// A plan holds millions: the lists keep their usual lengths inline (a
/// reduction reads two ranges, every other operation one; an operation uses
/// one channel or semaphore), and a pipeline's rare fields are out of line.
struct Operation {
    /// Gpu-level channel indexes (into Gpu::memory_channels / port_channels).
    InlineVector<int, 2> channels;
    InlineVector<int, 2> semaphores;
    InlineVector<BufferRange, 2> sources;
    InlineVector<BufferRange, 1> destinations;
    /// Position in the thread block's `ops` (for a pipeline's inner operation:
    /// the pipeline's) and, inside a pipeline, in its `ops`; -1 outside.
    int index = 0;
    int inner_index = -1;
    int barrier_id = -1;
    int barrier_thread_blocks = 0;
    OperationKind kind = OperationKind::nop;
    ChannelKind channel_kind = ChannelKind::none;
    /// tbg_info: this thread block takes slice `group_index` of `group_size`
    /// (at most max_group_size).
    std::int16_t group_index = 0;
    std::int16_t group_size = 1;
    /// A pipeline's iter_context and inner operations; nothing on other kinds.
    BoxedOptional<Pipeline> pipeline;

    /// The pipeline's inner operations; none on other kinds.
    std::span<const Operation> inner() const;
    /// Sources, then destinations: for what treats every range alike (the
    /// two lists differ in type, by their inline room).
    std::array<std::span<const BufferRange>, 2> range_lists() const {
        return {sources, destinations};
    }
    std::array<std::span<BufferRange>, 2> range_lists() { return {sources, destinations}; }

    friend bool operator==(const Operation&, const Operation&) = default;
};

/// A pipeline operation's own fields.
struct Pipeline {
    /// iter_context's num_chunks and unit_size (bytes).
    int chunks = 0;
    long long unit_size = 0;
    std::vector<Operation> inner;

    friend bool operator==(const Pipeline&, const Pipeline&) = default;
};

inline std::span<const Operation> Operation::inner() const {
    return pipeline ? std::span<const Operation>(pipeline->inner) : std::span<const Operation>();
}

struct ThreadBlock {
    int id = 0;
    std::vector<Operation> operations;

    friend bool operator==(const ThreadBlock&, const ThreadBlock&) = default;
};

struct Semaphore {
    int initial = 0;

    friend bool operator==(const Semaphore&, const Semaphore&) = default;
};

struct Gpu {
    int id = 0;
    int input_chunks = 0;
    int output_chunks = 0;
    int scratch_chunks = 0;
    std::vector<ThreadBlock> thread_blocks;
    std::vector<Channel> memory_channels;
    std::vector<Channel> port_channels;
    std::vector<Semaphore> semaphores;

    friend bool operator==(const Gpu&, const Gpu&) = default;
};

struct Plan {
    std::string name;
    std::string collective;
    /// "Simple" or "LL".
    std::string protocol;
    bool in_place = false;
    /// use_double_scratch_buffer: consecutive launches use the two halves of
    /// the scratch buffer alternately (executor.cc, scratchOffset).
    bool double_scratch = false;
    std::vector<Gpu> gpus;
    /// The gpus of each switch (NVLS) rank group a range reaches, by BufferRange::group.
    std::vector<std::vector<int>> switch_groups;
    /// What the executor ignores and the reader warned about, one line each.
    std::vector<std::string> warnings;

    int chunks(int gpu, BufferKind buffer) const;
    /// The gpus `range` reaches: its switch group's, or its own.
    std::span<const int> range_gpus(const BufferRange& range) const {
        return range.group < 0
                   ? std::span<const int>(&range.gpu, 1)
                   : std::span<const int>(switch_groups[static_cast<std::size_t>(range.group)]);
    }
    friend bool operator==(const Plan&, const Plan&) = default;
};

}  // namespace trivcheck::mscclpp
