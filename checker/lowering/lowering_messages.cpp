#include <algorithm>
#include <string>

#include "checker/lowering/lowering.hpp"
#include "models/generator.hpp"

namespace trivcheck::msccl::lowering {

int& Lowering::peer_blocks(std::vector<std::vector<int>>& counts, int g, int channel) {
    std::vector<int>& per_channel = counts[static_cast<std::size_t>(g)];
    if (per_channel.size() <= static_cast<std::size_t>(channel))
        per_channel.resize(static_cast<std::size_t>(channel) + 1, 0);
    return per_channel[static_cast<std::size_t>(channel)];
}

void Lowering::open_channel(int src, int dst, Link& pair, Connection& link) {
    if (sending_blocks_.empty()) {
        sending_blocks_.resize(static_cast<std::size_t>(schedule_.ranks));
        receiving_blocks_.resize(static_cast<std::size_t>(schedule_.ranks));
    }
    int channel = 0;
    while (std::find(pair.channels.begin(), pair.channels.end(), channel) != pair.channels.end() ||
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

int Lowering::paired_block(int g, int channel, int peer, bool sending) {
    std::vector<ThreadBlock>& blocks = program_.gpus[static_cast<std::size_t>(g)].thread_blocks;
    for (ThreadBlock& block : blocks) {
        if (block.channel != channel) continue;
        int& free_end = sending ? block.send_peer : block.receive_peer;
        const int other_end = sending ? block.receive_peer : block.send_peer;
        if (free_end != -1 || other_end == -1 || other_end == peer) continue;
        free_end = peer;
        return block.id;
    }
    return builders_[static_cast<std::size_t>(g)].add_thread_block(sending ? peer : -1,
                                                                   sending ? -1 : peer, channel);
}

int& Lowering::pending(int g, int b) {
    std::vector<int>& of_gpu = pending_[static_cast<std::size_t>(g)];
    if (of_gpu.size() <= static_cast<std::size_t>(b))
        of_gpu.resize(static_cast<std::size_t>(b) + 1, 0);
    return of_gpu[static_cast<std::size_t>(b)];
}

StepRef Lowering::forward(int g, const Connection& link, int buffer, int first, int count) {
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
    if (std::none_of(written.steps.begin(), written.steps.end(),
                     [&](const StepRef& w) { return w.block == ref.block && w.step == ref.step; }))
        return {};
    last.type = last.type == StepType::receive ? StepType::receive_copy_send
                                               : StepType::receive_reduce_copy_send;
    return ref;
}

Arrival Lowering::send_and_receive(const Transfer& transfer, std::vector<int> blocks, Buffer source,
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
    if (limits_.full_ops && tracked_first >= 0 && link.channel >= 0 &&
        receiver.step_count(link.receiver_block) + pending(dst, link.receiver_block) + 1 <=
            limits_.steps_per_thread_block) {
        const StepRef forwarded = forward(src, link, transfer.src_buffer, blocks.front(), count);
        if (forwarded.block >= 0) {
            ++pending(dst, link.receiver_block);
            accesses_[static_cast<std::size_t>(src)].record_read(tracked_first, count, forwarded);
            return {dst, &transfer, std::move(blocks), link.receiver_block, send, src, forwarded};
        }
    }
    if (link.channel < 0 ||
        sender.steps_after_append(link.sender_block, after) + pending(src, link.sender_block) >
            limits_.steps_per_thread_block ||
        receiver.step_count(link.receiver_block) + pending(dst, link.receiver_block) + 1 >
            limits_.steps_per_thread_block) {
        open_channel(src, dst, pair, link);
        after = in_rank_order(src, link.sender_block, data);
        if (sender.steps_after_append(link.sender_block, after) + pending(src, link.sender_block) >
            limits_.steps_per_thread_block)
            throw NotApplicable(too_many_waits(src));
    }
    ++pending(dst, link.receiver_block);
    const StepRef sent = sender.append(link.sender_block, send, after);
    if (tracked_first >= 0)
        accesses_[static_cast<std::size_t>(src)].record_read(tracked_first, count, sent);
    return {dst, &transfer, std::move(blocks), link.receiver_block, send, src, sent};
}

void Lowering::deliver(int k, const Arrival& arrival) {
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

bool Lowering::receive_in_place(const Arrival& arrival, const std::vector<StepType>& kinds) {
    const std::vector<int>& blocks = arrival.blocks;
    const StepType kind = kinds.front();
    if (kind == StepType::nop || (kind == StepType::reduce && !limits_.full_ops) ||
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

void Lowering::name_destination(const Arrival& arrival, const Step& receive) {
    Step& send = program_.gpus[static_cast<std::size_t>(arrival.source_gpu)]
                     .thread_blocks[static_cast<std::size_t>(arrival.send_step.block)]
                     .steps[static_cast<std::size_t>(arrival.send_step.step)];
    if (send.type != StepType::send) return;  // a forwarding receive: dst is its own
    send.dst_buffer = receive.dst_buffer;
    send.dst_offset = receive.dst_offset;
}

void Lowering::deliver_run(const Arrival& arrival, StepRef received, int landing, StepType kind,
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
    append_local(g, step, after, tracked(buffer, first_block));
    for (int i = 0; i < count; ++i)
        accesses.set_holds_value(tracked(buffer, first_block + i), true);
}

}  // namespace trivcheck::msccl::lowering
