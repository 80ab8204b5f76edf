#include "checker/lowering/msccl_lowering.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>

#include "checker/lowering/chunk_accesses.hpp"
#include "checker/lowering/chunk_order.hpp"
#include "checker/lowering/chunk_runs.hpp"
#include "checker/lowering/message_merging.hpp"
#include "checker/lowering/thread_block_builder.hpp"
#include "models/generator.hpp"

namespace trivcheck::msccl {

namespace {

/// Thread blocks of one directed connection on its current channel.
struct Connection {
    int channel = -1;
    int sender_block = -1;
    int receiver_block = -1;
};

/// The lanes of one directed connection: the k-th message of a transfer in a
/// step goes on lane k, so the messages of one step do not wait on each other;
/// each lane has its own channel.
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

class Lowering {
  public:
    Lowering(const Schedule& schedule, const RuntimeLimits& limits)
        : schedule_(schedule), limits_(limits) {}

    Program run() {
        check_applicable();
        const int n = schedule_.ranks;
        const int blocks = schedule_.blocks;
        program_.name = schedule_.name;
        program_.collective = Collective::allreduce;
        program_.collective_spelling = "allreduce";
        program_.in_place = true;
        program_.gpu_count = n;
        program_.chunks_per_loop = blocks;
        program_.protocol = "Simple";
        program_.gpus.resize(static_cast<std::size_t>(n));
        const int tracked = schedule_.buffer_count() * blocks;
        for (int g = 0; g < n; ++g) {
            Gpu& gpu = program_.gpus[static_cast<std::size_t>(g)];
            gpu.id = g;
            gpu.input_chunks = blocks;
            gpu.output_chunks = 0;
            builders_.emplace_back(gpu);
            accesses_.emplace_back(tracked, blocks);
        }
        local_block_.assign(static_cast<std::size_t>(n), -1);
        written_.resize(static_cast<std::size_t>(n));
        pending_.resize(static_cast<std::size_t>(n));
        scratch_end_.assign(static_cast<std::size_t>(n), (schedule_.buffer_count() - 1) * blocks);
        copied_in_step_.assign(static_cast<std::size_t>(n),
                               std::vector<int>(static_cast<std::size_t>(tracked), -1));
        for (int k = 0; k < static_cast<int>(schedule_.steps.size()); ++k) lower_step(k);
        int channels = 1;
        for (int g = 0; g < n; ++g) {
            Gpu& gpu = program_.gpus[static_cast<std::size_t>(g)];
            gpu.scratch_chunks = scratch_end_[static_cast<std::size_t>(g)];
            for (const ThreadBlock& block : gpu.thread_blocks)
                channels = std::max(channels, block.channel + 1);
        }
        program_.channels = channels;
        return std::move(program_);
    }

  private:
    void check_applicable() const {
        if (schedule_.collective != trivcheck::Collective::allreduce)
            throw NotApplicable(std::string("MSCCL-IR export supports allreduce schedules; this "
                                            "one is ") +
                                to_string(schedule_.collective));
        if (schedule_.ranks < 2) throw NotApplicable("MSCCL-IR export needs at least 2 ranks");
    }

    /// Tracked chunk of (buffer, block): buffer-major.
    int tracked(int buffer, int block) const { return buffer * schedule_.blocks + block; }
    Buffer buffer_of(int buffer) const {
        return buffer == main_buffer ? Buffer::input : Buffer::scratch;
    }
    int offset_of(int buffer, int block) const {
        return buffer == main_buffer ? block : (buffer - 1) * schedule_.blocks + block;
    }

    void lower_step(int k) {
        const trivcheck::Step& step = schedule_.steps[static_cast<std::size_t>(k)];
        step_ = k;
        for (const LocalOp& operation : step.local) lower_local_operation(operation);
        std::vector<Arrival> arrivals;
        const std::vector<Transfer> messages = merged_messages(step.transfers, schedule_.blocks);
        // Every message of a step on a lane of its own: the receives of a step
        // may then be written in any order (copies before reductions) and
        // still take each lane's messages in the order they were sent.
        std::unordered_map<std::int64_t, std::size_t> lanes_used;
        reads_in_step_.clear();
        for (const Transfer& transfer : messages)
            transfer.blocks.for_each([&](int block) {
                ++reads_in_step_[{transfer.src, tracked(transfer.src_buffer, block)}];
            });
        for (const Transfer& transfer : messages) {
            std::size_t& lane =
                lanes_used[static_cast<std::int64_t>(transfer.src) * schedule_.ranks +
                           transfer.dst];
            const std::vector<ChunkRun> runs = contiguous_runs(transfer.blocks, limits_.max_count);
            if (contiguous_runs(transfer.blocks, schedule_.blocks).size() == 1) {
                for (const ChunkRun& run : runs) {
                    std::vector<StepRef> after;
                    accesses_[static_cast<std::size_t>(transfer.src)].add_read_predecessors(
                        tracked(transfer.src_buffer, run.first), run.count, after);
                    arrivals.push_back(
                        send_and_receive(transfer, blocks_of(run), buffer_of(transfer.src_buffer),
                                         offset_of(transfer.src_buffer, run.first), after,
                                         tracked(transfer.src_buffer, run.first), lane++));
                }
                continue;
            }
            // Blocks apart are packed into consecutive scratch chunks first, so the
            // message is one step (or one per max_count blocks), as in the schedule.
            const std::vector<int> all = transfer.blocks.sorted();
            for (std::size_t start = 0; start < all.size();
                 start += static_cast<std::size_t>(limits_.max_count)) {
                const std::vector<int> piece(
                    all.begin() + static_cast<std::ptrdiff_t>(start),
                    all.begin() +
                        static_cast<std::ptrdiff_t>(std::min(
                            all.size(), start + static_cast<std::size_t>(limits_.max_count))));
                const int packed = scratch_end_[static_cast<std::size_t>(transfer.src)];
                scratch_end_[static_cast<std::size_t>(transfer.src)] +=
                    static_cast<int>(piece.size());
                std::vector<StepRef> after;
                for_each_stretch(
                    piece, std::vector<StepType>(piece.size(), StepType::copy),
                    [&](StepType, std::size_t index, int count) {
                        after.push_back(pack(transfer.src, transfer.src_buffer, piece[index], count,
                                             packed + static_cast<int>(index)));
                    });
                arrivals.push_back(
                    send_and_receive(transfer, piece, Buffer::scratch, packed, after, -1, lane++));
            }
        }
        std::stable_sort(arrivals.begin(), arrivals.end(),
                         [](const Arrival& a, const Arrival& b) { return a.dst < b.dst; });
        // Copies first (the first copy of a block wins), then reductions: the
        // synchronous step's meaning, per receiver (checker/execution/executor_delivery.cpp).
        for (const Arrival& arrival : arrivals)
            if (arrival.transfer->op == Op::copy) deliver(k, arrival);
        for (const Arrival& arrival : arrivals)
            if (arrival.transfer->op == Op::reduce) deliver(k, arrival);
    }

    int local_block(int g, const std::vector<StepRef>& after) {
        int& block = local_block_[static_cast<std::size_t>(g)];
        ThreadBlockBuilder& builder = builders_[static_cast<std::size_t>(g)];
        if (block < 0 ||
            builder.steps_after_append(block, after) > limits_.steps_per_thread_block) {
            block = builder.add_thread_block(-1, -1, 0);
            if (builder.steps_after_append(block, after) > limits_.steps_per_thread_block)
                throw NotApplicable(too_many_waits(g));
        }
        return block;
    }

    std::string too_many_waits(int g) const {
        return "a step of gpu " + std::to_string(g) + " must wait on more thread blocks than " +
               std::to_string(limits_.steps_per_thread_block) +
               " steps of one thread block can (MSCCL_MAX_NUM_STEPS)";
    }

    /// One local copy or reduction, block run by block run. A reduction into a
    /// chunk that holds nothing is a copy (the runtime refuses a reduction with
    /// an empty side), a reduction of nothing is no step at all.
    void lower_local_operation(const LocalOp& operation) {
        const int g = operation.rank;
        const ChunkAccesses& accesses = accesses_[static_cast<std::size_t>(g)];
        for (const ChunkRun& run : contiguous_runs(operation.blocks, limits_.max_count)) {
            std::vector<StepType> kinds;
            for (int block = run.first; block < run.first + run.count; ++block) {
                const bool source = accesses.holds_value(tracked(operation.src_buffer, block));
                const bool target = accesses.holds_value(tracked(operation.dst_buffer, block));
                if (operation.op == Op::copy)
                    kinds.push_back(StepType::copy);
                else
                    kinds.push_back(!source  ? StepType::nop
                                    : target ? StepType::reduce
                                             : StepType::copy);
            }
            const std::vector<int> blocks = blocks_of(run);
            for_each_stretch(blocks, kinds, [&](StepType kind, std::size_t index, int count) {
                local_step(g, kind, operation.src_buffer, blocks[index], operation.dst_buffer,
                           count);
            });
        }
    }

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
    StepRef pack(int g, int buffer, int first, int count, int packed) {
        ChunkAccesses& accesses = accesses_[static_cast<std::size_t>(g)];
        std::vector<StepRef> after;
        accesses.add_read_predecessors(tracked(buffer, first), count, after);
        Step step;
        step.type = StepType::copy;
        step.src_buffer = buffer_of(buffer);
        step.src_offset = offset_of(buffer, first);
        step.dst_buffer = Buffer::scratch;
        step.dst_offset = packed;
        step.count = count;
        const int block = local_block(g, after);
        const StepRef done = builders_[static_cast<std::size_t>(g)].append(block, step, after);
        accesses.record_read(tracked(buffer, first), count, done);
        return done;
    }

    /// A local step from blocks [first, first + count) of one buffer to the same blocks of another.
    void local_step(int g, StepType kind, int src_buffer, int first, int dst_buffer, int count) {
        ChunkAccesses& accesses = accesses_[static_cast<std::size_t>(g)];
        std::vector<StepRef> after;
        accesses.add_read_predecessors(tracked(src_buffer, first), count, after);
        accesses.add_write_predecessors(tracked(dst_buffer, first), count, after);
        after = in_rank_order(g, local_block_[static_cast<std::size_t>(g)], std::move(after));
        Step step;
        step.type = kind;
        step.src_buffer = buffer_of(src_buffer);
        step.src_offset = offset_of(src_buffer, first);
        step.dst_buffer = buffer_of(dst_buffer);
        step.dst_offset = offset_of(dst_buffer, first);
        step.count = count;
        const int block = local_block(g, after);
        const StepRef done = builders_[static_cast<std::size_t>(g)].append(block, step, after);
        accesses.record_read(tracked(src_buffer, first), count, done);
        accesses.record_write(tracked(dst_buffer, first), count, done);
        note_written(g, done);
        for (int i = 0; i < count; ++i)
            accesses.set_holds_value(
                tracked(dst_buffer, first + i),
                kind == StepType::reduce || accesses.holds_value(tracked(src_buffer, first + i)));
    }

    Link& connection(int src, int dst) {
        return connections_[static_cast<std::int64_t>(src) * schedule_.ranks + dst];
    }

    int& peer_blocks(std::vector<std::vector<int>>& counts, int g, int channel) {
        std::vector<int>& per_channel = counts[static_cast<std::size_t>(g)];
        if (per_channel.size() <= static_cast<std::size_t>(channel))
            per_channel.resize(static_cast<std::size_t>(channel) + 1, 0);
        return per_channel[static_cast<std::size_t>(channel)];
    }

    /// Moves a lane of the connection to a channel none of its lanes has used,
    /// the first where both ends may open a thread block.
    void open_channel(int src, int dst, Link& pair, Connection& link) {
        if (sending_blocks_.empty()) {
            sending_blocks_.resize(static_cast<std::size_t>(schedule_.ranks));
            receiving_blocks_.resize(static_cast<std::size_t>(schedule_.ranks));
        }
        int channel = 0;
        while (
            std::find(pair.channels.begin(), pair.channels.end(), channel) != pair.channels.end() ||
            peer_blocks(sending_blocks_, src, channel) >= limits_.peer_thread_blocks_per_channel ||
            peer_blocks(receiving_blocks_, dst, channel) >= limits_.peer_thread_blocks_per_channel)
            ++channel;
        pair.channels.push_back(channel);
        ++peer_blocks(sending_blocks_, src, channel);
        ++peer_blocks(receiving_blocks_, dst, channel);
        link.channel = channel;
        link.sender_block = paired_block(src, channel, dst, true);
        link.receiver_block = paired_block(dst, channel, src, false);
    }

    /// A thread block of gpu g on `channel` for sending to (or receiving from)
    /// `peer`: one that so far only receives from (sends to) another peer, as
    /// MSCCLang pairs a ring's incoming and outgoing connection, so that a
    /// message received and sent on unchanged is one step (see forward); else
    /// a new one.
    int paired_block(int g, int channel, int peer, bool sending) {
        std::vector<ThreadBlock>& blocks = program_.gpus[static_cast<std::size_t>(g)].thread_blocks;
        for (ThreadBlock& block : blocks) {
            if (block.channel != channel) continue;
            int& free_end = sending ? block.send_peer : block.receive_peer;
            const int other_end = sending ? block.receive_peer : block.send_peer;
            if (free_end != -1 || other_end == -1 || other_end == peer) continue;
            free_end = peer;
            return block.id;
        }
        return builders_[static_cast<std::size_t>(g)].add_thread_block(
            sending ? peer : -1, sending ? -1 : peer, channel);
    }

    /// Receives promised to thread block b of gpu g in the current step, not yet written.
    int& pending(int g, int b) {
        std::vector<int>& of_gpu = pending_[static_cast<std::size_t>(g)];
        if (of_gpu.size() <= static_cast<std::size_t>(b))
            of_gpu.resize(static_cast<std::size_t>(b) + 1, 0);
        return of_gpu[static_cast<std::size_t>(b)];
    }

    /// The send of chunks [first, first + count) of tracked buffer `buffer` on
    /// `link`, made part of the receive that wrote them when that receive is
    /// the last step of the link's sending thread block, wrote exactly those
    /// chunks in the previous step and nothing wrote them since: `r` becomes
    /// `rcs` and `rrc` becomes `rrcs` (MSCCL-IR's receive-and-send-on steps).
    /// Returns the step, or block -1 when it cannot.
    StepRef forward(int g, const Connection& link, int buffer, int first, int count) {
        const Written& written = written_[static_cast<std::size_t>(g)];
        if (link.channel < 0 || written.step != step_ - 1) return {};
        ThreadBlock& block = program_.gpus[static_cast<std::size_t>(g)]
                                 .thread_blocks[static_cast<std::size_t>(link.sender_block)];
        if (block.steps.empty()) return {};
        Step& last = block.steps.back();
        const StepRef ref{link.sender_block, last.index};
        // Nothing may follow the receive yet (a wait on it would then count
        // the send it takes on), and no other message of this step may read
        // what it wrote (it would wait on it, and count that send too).
        if (last.signals) return {};
        for (int i = 0; i < count; ++i)
            if (reads_in_step_[{g, tracked(buffer, first + i)}] != 1) return {};
        if ((last.type != StepType::receive && last.type != StepType::receive_reduce_copy) ||
            last.dst_buffer != buffer_of(buffer) || last.dst_offset != offset_of(buffer, first) ||
            last.count != count)
            return {};
        const ChunkAccesses& accesses = accesses_[static_cast<std::size_t>(g)];
        for (int i = 0; i < count; ++i) {
            const StepRef write = accesses.last_write(tracked(buffer, first + i));
            if (write.block != ref.block || write.step != ref.step) return {};
        }
        if (std::none_of(written.steps.begin(), written.steps.end(), [&](const StepRef& w) {
                return w.block == ref.block && w.step == ref.step;
            }))
            return {};
        last.type = last.type == StepType::receive ? StepType::receive_copy_send
                                                   : StepType::receive_reduce_copy_send;
        return ref;
    }

    /// Steps of gpu g that wrote its chunks, in the latest schedule step that had any.
    struct Written {
        int step = -1;
        std::vector<StepRef> steps;
    };

    void note_written(int g, StepRef done) {
        Written& written = written_[static_cast<std::size_t>(g)];
        if (written.step != step_) written = {step_, {}};
        written.steps.push_back(done);
    }

    /// `after`, and one step that wrote gpu g's chunks in its latest step
    /// with writes: a send waits on it, so a gpu's step starts after one of
    /// its previous step's copies, receives or reductions, as in the
    /// synchronous model, and the longest chain of sends is the schedule's
    /// steps. One that `block` already waits for when there is one, so the
    /// order costs no wait of its own.
    std::vector<StepRef> in_rank_order(int g, int block, std::vector<StepRef> after) const {
        const std::vector<StepRef>& written = written_[static_cast<std::size_t>(g)].steps;
        if (written.empty()) return after;
        const ThreadBlockBuilder& builder = builders_[static_cast<std::size_t>(g)];
        // Not a receive that also sends (forward): a step after it would
        // count that send too, and the chain of sends would grow past K.
        std::vector<StepRef> candidates;
        for (const StepRef& candidate : written)
            if (!forwards(g, candidate)) candidates.push_back(candidate);
        if (candidates.empty()) candidates = written;
        const int without = block < 0 ? 0 : builder.steps_after_append(block, after);
        after.push_back(candidates.back());
        if (block < 0) return after;
        for (const StepRef& candidate : candidates) {
            after.back() = candidate;
            if (builder.steps_after_append(block, after) == without) return after;
        }
        after.back() = candidates.back();
        return after;
    }

    bool forwards(int g, StepRef ref) const {
        const StepType type = program_.gpus[static_cast<std::size_t>(g)]
                                  .thread_blocks[static_cast<std::size_t>(ref.block)]
                                  .steps[static_cast<std::size_t>(ref.step)]
                                  .type;
        return type == StepType::receive_copy_send || type == StepType::receive_reduce_copy_send;
    }

    /// Sends `blocks` (ascending) from `count` chunks at (source, offset), after
    /// the steps in `after`; `tracked_first` is the tracked chunk read, or -1
    /// for packed chunks. The receive is written by deliver, once every send
    /// of the step is (they read the state before the step's reductions).
    Arrival send_and_receive(const Transfer& transfer, std::vector<int> blocks, Buffer source,
                             int offset, const std::vector<StepRef>& data, int tracked_first,
                             std::size_t lane) {
        const int src = transfer.src;
        const int dst = transfer.dst;
        const auto count = static_cast<int>(blocks.size());
        ThreadBlockBuilder& sender = builders_[static_cast<std::size_t>(src)];
        ThreadBlockBuilder& receiver = builders_[static_cast<std::size_t>(dst)];
        Link& pair = connection(src, dst);
        if (pair.lanes.size() <= lane) pair.lanes.resize(lane + 1);
        Connection& link = pair.lanes[lane];
        std::vector<StepRef> after = in_rank_order(src, link.sender_block, data);
        // The receiving thread block keeps room for the receive as one step
        // (into landing chunks, no wait), so it never overflows first.
        Step send;
        send.type = StepType::send;
        send.src_buffer = source;
        send.src_offset = offset;
        send.count = count;
        if (tracked_first >= 0 && link.channel >= 0 &&
            receiver.step_count(link.receiver_block) + pending(dst, link.receiver_block) + 1 <=
                limits_.steps_per_thread_block) {
            const StepRef forwarded =
                forward(src, link, transfer.src_buffer, blocks.front(), count);
            if (forwarded.block >= 0) {
                ++pending(dst, link.receiver_block);
                accesses_[static_cast<std::size_t>(src)].record_read(tracked_first, count,
                                                                     forwarded);
                return {dst,  &transfer, std::move(blocks), link.receiver_block,
                        send, src,       forwarded};
            }
        }
        if (link.channel < 0 ||
            sender.steps_after_append(link.sender_block, after) + pending(src, link.sender_block) >
                limits_.steps_per_thread_block ||
            receiver.step_count(link.receiver_block) + pending(dst, link.receiver_block) + 1 >
                limits_.steps_per_thread_block) {
            open_channel(src, dst, pair, link);
            after = in_rank_order(src, link.sender_block, data);
            if (sender.steps_after_append(link.sender_block, after) +
                    pending(src, link.sender_block) >
                limits_.steps_per_thread_block)
                throw NotApplicable(too_many_waits(src));
        }
        ++pending(dst, link.receiver_block);
        const StepRef sent = sender.append(link.sender_block, send, after);
        if (tracked_first >= 0)
            accesses_[static_cast<std::size_t>(src)].record_read(tracked_first, count, sent);
        return {dst, &transfer, std::move(blocks), link.receiver_block, send, src, sent};
    }

    /// Receives the message and puts it in its buffer. One step when it can:
    /// `r` for a copy, `rrc` (receive, add the chunk, store it back) for a
    /// reduction, when every block of the message needs the same kind and they
    /// are consecutive, and the receiving thread block has room for its waits.
    /// Otherwise the message lands in fresh scratch chunks and the local thread
    /// block copies or reduces it, stretch by stretch of blocks that need the
    /// same kind of step. Of several copies of a block in one step the first
    /// wins; a reduction into nothing is a copy.
    void deliver(int k, const Arrival& arrival) {
        --pending(arrival.dst, arrival.receiver);
        const int buffer = arrival.transfer->dst_buffer;
        ChunkAccesses& accesses = accesses_[static_cast<std::size_t>(arrival.dst)];
        std::vector<int>& copied = copied_in_step_[static_cast<std::size_t>(arrival.dst)];
        const bool copy = arrival.transfer->op == Op::copy;
        std::vector<StepType> kinds;
        for (const int block : arrival.blocks) {
            int& copied_at = copied[static_cast<std::size_t>(tracked(buffer, block))];
            if (copy) {
                kinds.push_back(copied_at == k ? StepType::nop : StepType::copy);
                copied_at = k;
            } else {
                kinds.push_back(accesses.holds_value(tracked(buffer, block)) ? StepType::reduce
                                                                             : StepType::copy);
            }
        }
        if (receive_in_place(arrival, kinds)) return;
        int& landing_end = scratch_end_[static_cast<std::size_t>(arrival.dst)];
        const int landing = landing_end;
        landing_end += static_cast<int>(arrival.blocks.size());
        Step receive = arrival.sent;
        receive.type = StepType::receive;
        receive.dst_buffer = Buffer::scratch;
        receive.dst_offset = landing;
        name_destination(arrival, receive);
        const StepRef received =
            builders_[static_cast<std::size_t>(arrival.dst)].append(arrival.receiver, receive, {});
        for_each_stretch(arrival.blocks, kinds, [&](StepType kind, std::size_t index, int count) {
            deliver_run(arrival, received, landing, kind, index, count);
        });
    }

    /// The receive as one step straight into the buffer, if it can be; see deliver.
    bool receive_in_place(const Arrival& arrival, const std::vector<StepType>& kinds) {
        const std::vector<int>& blocks = arrival.blocks;
        const StepType kind = kinds.front();
        if (kind == StepType::nop ||
            std::any_of(kinds.begin(), kinds.end(), [&](StepType k) { return k != kind; }) ||
            blocks.back() - blocks.front() + 1 != static_cast<int>(blocks.size()))
            return false;
        const int g = arrival.dst;
        const int buffer = arrival.transfer->dst_buffer;
        const auto count = static_cast<int>(blocks.size());
        ChunkAccesses& accesses = accesses_[static_cast<std::size_t>(g)];
        ThreadBlockBuilder& builder = builders_[static_cast<std::size_t>(g)];
        std::vector<StepRef> after;
        accesses.add_write_predecessors(tracked(buffer, blocks.front()), count, after);
        if (builder.steps_after_append(arrival.receiver, after) + pending(g, arrival.receiver) >
            limits_.steps_per_thread_block)
            return false;
        Step step = arrival.sent;
        step.type = kind == StepType::reduce ? StepType::receive_reduce_copy : StepType::receive;
        step.src_buffer = buffer_of(buffer);
        step.src_offset = offset_of(buffer, blocks.front());
        step.dst_buffer = step.src_buffer;
        step.dst_offset = step.src_offset;
        name_destination(arrival, step);
        const StepRef done = builder.append(arrival.receiver, step, after);
        accesses.record_write(tracked(buffer, blocks.front()), count, done);
        for (int i = 0; i < count; ++i)
            accesses.set_holds_value(tracked(buffer, blocks.front() + i), true);
        note_written(g, done);
        return true;
    }

    /// The send's dst names the chunks its message is received into, as the receive's does.
    void name_destination(const Arrival& arrival, const Step& receive) {
        Step& send = program_.gpus[static_cast<std::size_t>(arrival.source_gpu)]
                         .thread_blocks[static_cast<std::size_t>(arrival.send_step.block)]
                         .steps[static_cast<std::size_t>(arrival.send_step.step)];
        if (send.type != StepType::send) return;  // a forwarding receive: dst is its own
        send.dst_buffer = receive.dst_buffer;
        send.dst_offset = receive.dst_offset;
    }

    void deliver_run(const Arrival& arrival, StepRef received, int landing, StepType kind,
                     std::size_t index, int count) {
        const int first_block = arrival.blocks[index];
        const int g = arrival.dst;
        const int buffer = arrival.transfer->dst_buffer;
        ChunkAccesses& accesses = accesses_[static_cast<std::size_t>(g)];
        std::vector<StepRef> after{received};
        accesses.add_write_predecessors(tracked(buffer, first_block), count, after);
        Step step;
        step.type = kind;
        step.src_buffer = Buffer::scratch;
        step.src_offset = landing + static_cast<int>(index);
        step.dst_buffer = buffer_of(buffer);
        step.dst_offset = offset_of(buffer, first_block);
        step.count = count;
        const int block = local_block(g, after);
        const StepRef done = builders_[static_cast<std::size_t>(g)].append(block, step, after);
        accesses.record_write(tracked(buffer, first_block), count, done);
        for (int i = 0; i < count; ++i)
            accesses.set_holds_value(tracked(buffer, first_block + i), true);
        note_written(g, done);
    }

    const Schedule& schedule_;
    const RuntimeLimits limits_;
    Program program_;
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

}  // namespace

Program lower_to_msccl(const Schedule& schedule, const RuntimeLimits& limits) {
    const std::vector<int> chunk_of = chunk_order(schedule);
    if (std::is_sorted(chunk_of.begin(), chunk_of.end())) return Lowering(schedule, limits).run();
    const Schedule renamed = with_blocks_renamed(schedule, chunk_of);
    return Lowering(renamed, limits).run();
}

}  // namespace trivcheck::msccl
