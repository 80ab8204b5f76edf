#pragma once
// The state of one lowering of a schedule to MSCCL-IR (lower_to_msccl): private
// to checker/lowering; its steps are in msccl_lowering.cpp (steps, local
// operations, order) and lowering_messages.cpp (connections, sends, receives).
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "checker/lowering/chunk_accesses.hpp"
#include "checker/lowering/chunk_runs.hpp"
#include "checker/lowering/msccl_lowering.hpp"
#include "checker/lowering/thread_block_builder.hpp"

namespace trivcheck::msccl::lowering {

/// Thread blocks of one directed connection on its current channel.
struct Connection {
    int channel = -1;
    int sender_block = -1;
    int receiver_block = -1;
};

/// The lanes of one directed connection: the k-th message of a step on the
/// connection goes on lane k, so the messages of one step do not wait on each
/// other and may be received in any order; each lane has its own channel.
struct Link {
    std::vector<Connection> lanes;
    std::vector<int> channels;  // every channel a lane has used
};

/// One sent message, to be received by thread block `receiver` of gpu `dst`:
/// straight into its buffer (`r`, `rrc`) when one step can, else into
/// landing chunks that the local thread block then copies or reduces.
struct Arrival {
    int dst = 0;
    const Transfer* transfer = nullptr;
    /// Its blocks, ascending; block blocks[i] is chunk i of the message.
    std::vector<int> blocks;
    int receiver = -1;
    /// The message as sent (type send), the template of its receive.
    Step sent;
    /// Where the send is, to name the receiver's chunks in its dst once known.
    int source_gpu = 0;
    StepRef send_step;
};

/// One schedule lowered step by step (docs/msccl-export.md).
class Lowering {
  public:
    Lowering(const Schedule& schedule, const RuntimeLimits& limits)
        : schedule_(schedule), limits_(limits) {}

    Program run();

  private:
    void check_applicable() const;

    /// The collective, its buffer sizes and where the schedule's vector is:
    /// in place, the input of an allreduce or reducescatter, the output of an
    /// allgather (docs/msccl-export.md, Collectives).
    void state_collective();

    /// Tracked chunk of (buffer, block): buffer-major.
    int tracked(int buffer, int block) const { return buffer * schedule_.blocks + block; }
    Buffer buffer_of(int buffer) const {
        return buffer == main_buffer ? main_kind_ : Buffer::scratch;
    }
    int offset_of(int buffer, int block) const {
        return buffer == main_buffer ? block : (buffer - 1) * schedule_.blocks + block;
    }

    void lower_step(int k);

    int local_block(int g, const std::vector<StepRef>& after);

    std::string too_many_waits(int g) const;

    /// One local copy or reduction, block run by block run. A reduction into a
    /// chunk that holds nothing is a copy (the runtime refuses a reduction with
    /// an empty side), a reduction of nothing is no step at all.
    void lower_local_operation(const LocalOp& operation);

    static std::vector<int> blocks_of(const ChunkRun& run) {
        std::vector<int> blocks(static_cast<std::size_t>(run.count));
        for (int i = 0; i < run.count; ++i) blocks[static_cast<std::size_t>(i)] = run.first + i;
        return blocks;
    }

    /// Calls emit(kind, first index, count) for each stretch of consecutive
    /// `blocks` (ascending) of the same kind (kinds[i] for blocks[i]), nop left out.
    template <class Emit>
    static void for_each_stretch(const std::vector<int>& blocks, const std::vector<StepType>& kinds,
                                 Emit&& emit) {
        std::size_t start = 0;
        for (std::size_t i = 1; i <= blocks.size(); ++i) {
            if (i < blocks.size() && kinds[i] == kinds[start] && blocks[i] == blocks[i - 1] + 1)
                continue;
            if (kinds[start] != StepType::nop)
                emit(kinds[start], start, static_cast<int>(i - start));
            start = i;
        }
    }

    /// A local copy of blocks [first, first + count) of a buffer into the
    /// fresh scratch chunks from `packed` on, that a message then sends.
    StepRef pack(int g, int buffer, int first, int count, int packed);

    /// A local step from blocks [first, first + count) of one buffer to the same blocks of another.
    void local_step(int g, StepType kind, int src_buffer, int first, int dst_buffer, int count);

    Link& connection(int src, int dst) {
        return connections_[static_cast<std::int64_t>(src) * schedule_.ranks + dst];
    }

    int& peer_blocks(std::vector<std::vector<int>>& counts, int g, int channel);

    /// Moves a lane of the connection to a channel none of its lanes has used,
    /// the first where both ends may open a thread block.
    void open_channel(int src, int dst, Link& pair, Connection& link);

    /// A thread block of gpu g on `channel` for sending to (or receiving from)
    /// `peer`: one that so far only receives from (sends to) another peer, as
    /// MSCCLang pairs a ring's incoming and outgoing connection, so that a
    /// message received and sent on unchanged is one step (see forward); else
    /// a new one.
    int paired_block(int g, int channel, int peer, bool sending);

    /// Receives promised to thread block b of gpu g in the current step, not yet written.
    int& pending(int g, int b);

    /// The send of chunks [first, first + count) of tracked buffer `buffer` on
    /// `link`, made part of the receive that wrote them when that receive is
    /// the last step of the link's sending thread block, wrote exactly those
    /// chunks in the previous step and nothing wrote them since: `r` becomes
    /// `rcs` and `rrc` becomes `rrcs` (MSCCL-IR's receive-and-send-on steps).
    /// Returns the step, or block -1 when it cannot.
    StepRef forward(int g, const Connection& link, int buffer, int first, int count);

    /// Steps of gpu g that wrote its chunks, in the latest schedule step that had any.
    struct Written {
        int step = -1;
        std::vector<StepRef> steps;
    };

    /// Appends local `step` to gpu g's local thread block, after `after`; it
    /// writes tracked chunks [written_first, + cnt).
    StepRef append_local(int g, const Step& step, const std::vector<StepRef>& after,
                         int written_first);
    void note_written(int g, StepRef done);

    /// `after`, and one step that wrote gpu g's chunks in its latest step
    /// with writes: a send waits on it, so a gpu's step starts after one of
    /// its previous step's copies, receives or reductions, as in the
    /// synchronous model, and the longest chain of sends is the schedule's
    /// steps. One that `block` already waits for when there is one, so the
    /// order costs no wait of its own.
    std::vector<StepRef> in_rank_order(int g, int block, std::vector<StepRef> after) const;

    bool forwards(int g, StepRef ref) const;

    /// Sends `blocks` (ascending) from `count` chunks at (source, offset), after
    /// the steps in `after`; `tracked_first` is the tracked chunk read, or -1
    /// for packed chunks. The receive is written by deliver, once every send
    /// of the step is (they read the state before the step's reductions).
    Arrival send_and_receive(const Transfer& transfer, std::vector<int> blocks, Buffer source,
                             int offset, const std::vector<StepRef>& data, int tracked_first,
                             std::size_t lane);

    /// Receives the message and puts it in its buffer. One step when it can:
    /// `r` for a copy, `rrc` (receive, add the chunk, store it back) for a
    /// reduction, when every block of the message needs the same kind and they
    /// are consecutive, and the receiving thread block has room for its waits.
    /// Otherwise the message lands in fresh scratch chunks and the local thread
    /// block copies or reduces it, stretch by stretch of blocks that need the
    /// same kind of step. Of several copies of a block in one step the first
    /// wins; a reduction into nothing is a copy.
    void deliver(int k, const Arrival& arrival);

    /// The receive as one step straight into the buffer, if it can be; see deliver.
    bool receive_in_place(const Arrival& arrival, const std::vector<StepType>& kinds);

    /// The send's dst names the chunks its message is received into, as the receive's does.
    void name_destination(const Arrival& arrival, const Step& receive);

    void deliver_run(const Arrival& arrival, StepRef received, int landing, StepType kind,
                     std::size_t index, int count);

    const Schedule& schedule_;
    const RuntimeLimits limits_;
    Program program_;
    /// The MSCCL-IR buffer that is the schedule's main buffer (in place).
    Buffer main_kind_ = Buffer::input;
    std::vector<ThreadBlockBuilder> builders_;
    std::vector<ChunkAccesses> accesses_;
    std::vector<int> local_block_;
    std::vector<Written> written_;
    std::vector<std::vector<int>> pending_;
    /// The messages of the current step that read (gpu, tracked chunk).
    std::map<std::pair<int, int>, int> reads_in_step_;
    int step_ = 0;
    std::vector<int> scratch_end_;
    /// Per gpu and tracked chunk, the last step in which a copy reached it.
    std::vector<std::vector<int>> copied_in_step_;
    std::unordered_map<std::int64_t, Link> connections_;
    std::vector<std::vector<int>> sending_blocks_;
    std::vector<std::vector<int>> receiving_blocks_;
};

}  // namespace trivcheck::msccl::lowering
