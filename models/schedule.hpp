#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "models/block_set.hpp"
#include "models/topology.hpp"

namespace trivcheck {

/// What the schedule must achieve (docs/model.md, postconditions).
enum class Collective { allreduce, reduce_scatter, allgather };

/// reduce: the receiver adds the message to its partial (disjoint union);
/// copy: the message replaces the receiver's value.
enum class Op : std::uint8_t { reduce, copy };

/// Which way round a message goes. `shortest` is the topology's default
/// routing (ring: the shorter way, a tie goes `+`).
enum class Route : std::uint8_t { shortest, plus, minus };

/// Buffers of a rank: 0 is its vector (the inputs and the results every
/// postcondition reads); 1.. are the scratch buffers Schedule::buffers names.
/// Every buffer has the schedule's B blocks, and block b of any buffer holds
/// contributions to block b (a buffer is another place for the same block,
/// never another block). Scratch buffers start empty.
constexpr int main_buffer = 0;
/// A buffer's number in a transfer: 16 bits keep a transfer at 40 bytes (the
/// executor walks millions of them); readers refuse more buffers than that.
using BufferIndex = std::int16_t;
constexpr int max_buffers = 32767;

/// One message of one step: the sender's current values of `blocks` in its
/// buffer `src_buffer`, delivered into the receiver's buffer `dst_buffer`.
struct Transfer {
    int src = 0;
    int dst = 0;
    BlockSet blocks;
    Op op = Op::reduce;
    Route route = Route::shortest;
    BufferIndex src_buffer = main_buffer;
    BufferIndex dst_buffer = main_buffer;
};

/// A copy or reduction inside one rank, from its buffer `src_buffer` into its
/// buffer `dst_buffer` (they differ): no link, no port, no bytes on the wire.
struct LocalOp {
    int rank = 0;
    int src_buffer = main_buffer;
    int dst_buffer = main_buffer;
    BlockSet blocks;
    Op op = Op::reduce;
};

/// A synchronous step: first every rank runs its local operations, one after
/// the other in the order listed; then every send reads the state, and every
/// receiver reduces all it received into each of its buffers at the step's end
/// (joint reduction, per destination buffer and block).
/// Asynchronous formats (MSCCL-IR) are lowered to these steps by their reader.
struct Step {
    /// Free label: "reduce_scatter", "allgather", "allreduce", ...
    std::string phase;
    std::vector<Transfer> transfers;
    /// Local copies and reductions, run before the step's sends.
    std::vector<LocalOp> local = {};
};

/// Declared upper limits, each checked when present (docs/schedule-format.md). Bytes are in
/// units of m, the size of the whole vector.
struct Bounds {
    std::optional<int> steps;
    /// One value for every step, or one per step.
    std::vector<std::int64_t> link_chunks;
    std::vector<double> link_bytes;
    std::optional<double> bytes_per_rank_per_phase;
    std::optional<double> theta;
};

/// A complete collective schedule: plain data, no behaviour.
struct Schedule {
    std::string name;
    /// Generator name and form ("trivance", "L"); empty for schedules read from files.
    std::string algo;
    std::string form;
    Collective collective = Collective::allreduce;
    Topology topology;
    int ranks = 0;
    int blocks = 1;
    int ports = 2;
    std::optional<Bounds> bounds;
    std::vector<Step> steps;
    /// Names of the scratch buffers: buffer k (k >= 1) is buffers[k - 1].
    std::vector<std::string> buffers;

    int buffer_count() const { return 1 + static_cast<int>(buffers.size()); }
    /// "main" for buffer 0, else its name.
    const std::string& buffer_name(int buffer) const;
    /// Scratch buffers or local operations: what only the symbolic executor,
    /// the JSON formats and the smt engine understand so far.
    bool uses_buffers() const;

    /// The rank that owns block b (reduce_scatter result, allgather source).
    int owner_of_block(int block) const { return block % ranks; }
    std::size_t transfer_count() const;
};

/// The number of the buffer called `name`, given the scratch buffers' names:
/// 0 for "main", k for scratch_names[k - 1]; -1 when there is none.
int buffer_number(const std::vector<std::string>& scratch_names, const std::string& name);
/// "main" for buffer 0, else scratch_names[buffer - 1].
const std::string& buffer_name(const std::vector<std::string>& scratch_names, int buffer);

const char* to_string(Collective collective);
const char* to_string(Op op);
const char* to_string(Route route);
std::optional<Collective> parse_collective(const std::string& text);
std::optional<Op> parse_op(const std::string& text);
std::optional<Route> parse_route(const std::string& text);

}  // namespace trivcheck
