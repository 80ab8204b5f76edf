#include "checker/lowering/msccl_lowering.hpp"

#include <algorithm>
#include <string>

#include "checker/lowering/chunk_order.hpp"
#include "checker/lowering/lowering.hpp"
#include "checker/lowering/message_merging.hpp"
#include "checker/msccl/bounded_fifos.hpp"
#include "models/generator.hpp"

namespace trivcheck::msccl {

namespace lowering {

Program Lowering::run() {
    check_applicable();
    const int n = schedule_.ranks;
    const int blocks = schedule_.blocks;
    program_.name = schedule_.name;
    program_.in_place = true;
    program_.gpu_count = n;
    program_.chunks_per_loop = blocks;
    program_.protocol = "Simple";
    // RCCL requires the byte range and outofplace; 0..0 is every size. An in-place
    // program is not used for out-of-place calls.
    program_.min_bytes = 0;
    program_.max_bytes = 0;
    program_.out_of_place = false;
    program_.gpus.resize(static_cast<std::size_t>(n));
    const int tracked = schedule_.buffer_count() * blocks;
    state_collective();
    for (int g = 0; g < n; ++g) {
        Gpu& gpu = program_.gpus[static_cast<std::size_t>(g)];
        gpu.id = g;
        builders_.emplace_back(gpu);
        accesses_.emplace_back(tracked, blocks);
        // An all-gather's gpu starts with its own slot only (chunk_order).
        if (schedule_.collective == trivcheck::Collective::allgather)
            for (int chunk = 0; chunk < blocks; ++chunk)
                accesses_.back().set_holds_value(chunk, chunk / (blocks / n) == g);
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
    for (const Gpu& gpu : program_.gpus)
        if (static_cast<int>(gpu.thread_blocks.size()) > limits_.thread_blocks_per_gpu)
            throw NotApplicable("gpu " + std::to_string(gpu.id) + " needs " +
                                std::to_string(gpu.thread_blocks.size()) + " thread blocks; " +
                                limits_.runtime + " allows at most " +
                                std::to_string(limits_.thread_blocks_per_gpu) +
                                " (MSCCL_MAX_NUM_THREAD_BLOCKS)");
    return std::move(program_);
}

void Lowering::check_applicable() const {
    if (schedule_.ranks < 2) throw NotApplicable("MSCCL-IR export needs at least 2 ranks");
    if (owner_slots(schedule_) && schedule_.blocks % schedule_.ranks != 0)
        throw NotApplicable(std::string("an MSCCL-IR ") + to_string(schedule_.collective) +
                            " gives every gpu the same number of chunks; this schedule's " +
                            std::to_string(schedule_.blocks) +
                            " blocks are not a multiple of its " + std::to_string(schedule_.ranks) +
                            " ranks");
}

void Lowering::state_collective() {
    // RCCL's parser (msccl_parser.cc, mscclGetAlgoFromXmlFile) reads `coll`
    // as allreduce, allgather or reducescatter; its sizeMultiplier (ngpus for
    // the last two) makes nchunksperloop the whole vector: B chunks, the
    // all-gather's output and the reduce-scatter's input.
    const int blocks = schedule_.blocks;
    const int slot = blocks / schedule_.ranks;
    int input = blocks;
    int output = 0;  // in place: the allreduce's output is its input
    switch (schedule_.collective) {
        case trivcheck::Collective::allreduce:
            program_.collective = Collective::allreduce;
            break;
        case trivcheck::Collective::allgather:
            program_.collective = Collective::allgather;
            main_kind_ = Buffer::output;
            input = slot;
            output = blocks;
            break;
        case trivcheck::Collective::reduce_scatter:
            program_.collective = Collective::reduce_scatter;
            output = slot;
            break;
    }
    program_.collective_spelling = program_.collective == Collective::reduce_scatter
                                       ? "reducescatter"
                                       : spelling(program_.collective);
    for (Gpu& gpu : program_.gpus) {
        gpu.input_chunks = input;
        gpu.output_chunks = output;
    }
}

void Lowering::lower_step(int k) {
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
            lanes_used[static_cast<std::int64_t>(transfer.src) * schedule_.ranks + transfer.dst];
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
                    static_cast<std::ptrdiff_t>(
                        std::min(all.size(), start + static_cast<std::size_t>(limits_.max_count))));
            const int packed = scratch_end_[static_cast<std::size_t>(transfer.src)];
            scratch_end_[static_cast<std::size_t>(transfer.src)] += static_cast<int>(piece.size());
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

int Lowering::local_block(int g, const std::vector<StepRef>& after) {
    int& block = local_block_[static_cast<std::size_t>(g)];
    ThreadBlockBuilder& builder = builders_[static_cast<std::size_t>(g)];
    if (block < 0 || builder.steps_after_append(block, after) > limits_.steps_per_thread_block) {
        block = builder.add_thread_block(-1, -1, 0);
        if (builder.steps_after_append(block, after) > limits_.steps_per_thread_block)
            throw NotApplicable(too_many_waits(g));
    }
    return block;
}

std::string Lowering::too_many_waits(int g) const {
    return "a step of gpu " + std::to_string(g) + " must wait on more thread blocks than " +
           std::to_string(limits_.steps_per_thread_block) +
           " steps of one thread block can (MSCCL_MAX_NUM_STEPS of " + limits_.runtime + ")";
}

void Lowering::lower_local_operation(const LocalOp& operation) {
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
            local_step(g, kind, operation.src_buffer, blocks[index], operation.dst_buffer, count);
        });
    }
}

StepRef Lowering::pack(int g, int buffer, int first, int count, int packed) {
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

void Lowering::local_step(int g, StepType kind, int src_buffer, int first, int dst_buffer,
                          int count) {
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
    const StepRef done = append_local(g, step, after, tracked(dst_buffer, first));
    accesses.record_read(tracked(src_buffer, first), count, done);
    for (int i = 0; i < count; ++i)
        accesses.set_holds_value(
            tracked(dst_buffer, first + i),
            kind == StepType::reduce || accesses.holds_value(tracked(src_buffer, first + i)));
}

StepRef Lowering::append_local(int g, const Step& step, const std::vector<StepRef>& after,
                               int written_first) {
    const int block = local_block(g, after);
    const StepRef done = builders_[static_cast<std::size_t>(g)].append(block, step, after);
    accesses_[static_cast<std::size_t>(g)].record_write(written_first, step.count, done);
    note_written(g, done);
    return done;
}

void Lowering::note_written(int g, StepRef done) {
    Written& written = written_[static_cast<std::size_t>(g)];
    if (written.step != step_) written = {step_, {}};
    written.steps.push_back(done);
}

std::vector<StepRef> Lowering::in_rank_order(int g, int block, std::vector<StepRef> after) const {
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

bool Lowering::forwards(int g, StepRef ref) const {
    const StepType type = program_.gpus[static_cast<std::size_t>(g)]
                              .thread_blocks[static_cast<std::size_t>(ref.block)]
                              .steps[static_cast<std::size_t>(ref.step)]
                              .type;
    return type == StepType::receive_copy_send || type == StepType::receive_reduce_copy_send;
}

}  // namespace lowering

RuntimeLimits limits_for(Runtime runtime) {
    const RuntimeRules& rules = rules_of(runtime);
    RuntimeLimits limits;
    limits.runtime = rules.runtime == Runtime::rccl ? "RCCL" : "microsoft/msccl";
    limits.steps_per_thread_block = rules.max_steps_per_thread_block;
    limits.thread_blocks_per_gpu = rules.max_thread_blocks;
    limits.max_count = rules.count_limit - 1;
    limits.peer_thread_blocks_per_channel = rules.max_blocks_per_channel;
    limits.full_ops = rules.full_ops;
    limits.which = runtime;
    return limits;
}

Program lower_to_msccl(const Schedule& schedule, const RuntimeLimits& limits) {
    const std::vector<int> chunk_of = chunk_order(schedule);
    if (std::is_sorted(chunk_of.begin(), chunk_of.end()))
        return lowering::Lowering(schedule, limits).run();
    const Schedule renamed = with_blocks_renamed(schedule, chunk_of);
    return lowering::Lowering(renamed, limits).run();
}

Program export_to_msccl(const Schedule& schedule, Runtime runtime, std::string* note) {
    Program program = lower_to_msccl(schedule, limits_for(runtime));
    const std::optional<CallProfile> hangs = first_hanging_profile(program, runtime);
    if (!hangs) return program;
    const std::string why =
        "at " + std::to_string(hangs->least_bytes) + " bytes and more a call carries at most " +
        std::to_string(hangs->max_allowed_count) + " chunk(s) (maxAllowedCount, mscclSetupCount) " +
        "and a connection's FIFO fills: the program would hang on " + limits_for(runtime).runtime +
        "'s bounded FIFOs (docs/msccl.md, Bounded FIFOs)";
    if (hangs->least_bytes <= 1) throw NotApplicable("the program hangs at every size: " + why);
    program.max_bytes = hangs->least_bytes - 1;
    if (note)
        *note = "maxBytes = " + std::to_string(*program.max_bytes) + ": " + why +
                "; larger calls run the runtime's own algorithm";
    return program;
}

}  // namespace trivcheck::msccl
