#include "checker/mscclpp/plan_from_msccl.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>

#include "checker/mscclpp/kernel_operation.hpp"

namespace trivcheck::mscclpp {

namespace {

BufferKind buffer_of(msccl::Buffer buffer) {
    switch (buffer) {
        case msccl::Buffer::input:
            return BufferKind::input;
        case msccl::Buffer::output:
            return BufferKind::output;
        case msccl::Buffer::scratch:
            return BufferKind::scratch;
    }
    return BufferKind::input;
}

/// The collective as MSCCL++ plans name it (RCCL's names: `reducescatter`).
const char* collective_name(msccl::Collective collective) {
    return collective == msccl::Collective::reduce_scatter ? "reducescatter"
                                                           : msccl::spelling(collective);
}

/// A gpu's output_chunks as the plan states them. An in-place MSCCL-IR
/// program may count none (its output is its input); the executor cannot
/// load a gpu with 0 (execution_plan.cc's checkMessageSize divides by it), so
/// the output is counted as the caller's one memory covers it
/// (docs/mscclpp.md, Buffers): an allgather's n slots of the input, a
/// reducescatter's one slot of n, otherwise the input itself.
int stated_output_chunks(const msccl::Program& program, const msccl::Gpu& gpu) {
    if (gpu.output_chunks > 0 || !program.in_place) return gpu.output_chunks;
    const int gpus = static_cast<int>(program.gpus.size());
    switch (program.collective) {
        case msccl::Collective::allgather:
            return gpu.input_chunks * gpus;
        case msccl::Collective::reduce_scatter:
            return gpu.input_chunks / gpus;
        default:
            return gpu.input_chunks;
    }
}

Operation channel_operation(OperationKind kind, int channel) {
    Operation operation;
    operation.kind = kind;
    operation.channel_kind = ChannelKind::memory;
    operation.channels = {channel};
    return operation;
}

BufferRange local(int gpu, msccl::Buffer buffer, int index, int size) {
    return {.gpu = gpu, .index = index, .size = size, .buffer = buffer_of(buffer)};
}

/// Whether two ranges of one thread block's operations may share bytes the
/// two deal to different threads: on one gpu, in one buffer (or the input
/// and output of an in-place plan, one memory) and not the very same range.
bool may_cross_threads(const BufferRange& left, const BufferRange& right, bool in_place) {
    if (left.gpu != right.gpu || left.remote != right.remote) return false;
    if (left == right) return false;
    if (left.buffer == right.buffer)
        return left.index < right.index + right.size && right.index < left.index + left.size;
    return in_place && left.buffer != BufferKind::scratch && right.buffer != BufferKind::scratch;
}

/// Whether `later` may touch a byte `earlier` writes, or write one it reads,
/// through another thread (kernel_operation.hpp: both deal bytes alike).
bool crosses_threads(const Operation& earlier, const Operation& later, bool in_place) {
    const auto earlier_lists = earlier.range_lists();
    const auto later_lists = later.range_lists();
    for (std::size_t first_list = 0; first_list < 2; ++first_list)
        for (std::size_t second_list = 0; second_list < 2; ++second_list) {
            if (first_list == 0 && second_list == 0) continue;  // two reads
            for (const BufferRange& left : earlier_lists[first_list])
                for (const BufferRange& right : later_lists[second_list])
                    if (may_cross_threads(left, right, in_place)) return true;
        }
    return false;
}

/// `ops` with a nop (handleNop: __syncthreads) wherever the kernel's
/// threads need one (docs/mscclpp.md, Threads), as the DSL inserts them:
/// after a wait or acquire before data moves (only the first threads
/// waited), after data moved before a signal or release (only the first
/// threads signal), and between two operations that may touch one byte
/// through different threads.
std::vector<Operation> with_thread_joins(const std::vector<Operation>& ops, bool in_place) {
    std::vector<Operation> joined;
    joined.reserve(ops.size() * 3 / 2);
    bool waited = false;
    std::vector<std::size_t> moved;  // positions in `joined` since the last join
    for (const Operation& op : ops) {
        const OperationThreads threads = operation_threads(op);
        bool join = false;
        if (threads == OperationThreads::all) {
            join = waited;
            for (const std::size_t earlier : moved)
                join = join || crosses_threads(joined[earlier], op, in_place);
        } else if (op.kind == OperationKind::signal ||
                   op.kind == OperationKind::semaphore_release) {
            join = !moved.empty();
        }
        if (join) {
            Operation nop;
            nop.kind = OperationKind::nop;
            joined.push_back(nop);
            waited = false;
            moved.clear();
        }
        if (threads == OperationThreads::join) {
            waited = false;
            moved.clear();
        }
        if (op.kind == OperationKind::wait || op.kind == OperationKind::semaphore_acquire)
            waited = true;
        if (threads == OperationThreads::all) moved.push_back(joined.size());
        joined.push_back(op);
    }
    return joined;
}

/// Where one message lands: a range of the receiver's scratch.
struct Landing {
    int gpu = 0;
    int index = 0;
    int size = 0;
};

class Converter {
  public:
    explicit Converter(const msccl::Program& program) : program_(program) {}
    Plan convert();

  private:
    /// Connection key: sender gpu, receiver gpu, channel.
    using Connection = std::tuple<int, int, int>;
    void make_channels();
    void plan_landings();
    void plan_semaphores();
    void convert_block(int gpu, const msccl::ThreadBlock& block, ThreadBlock& into);
    void add_within_limit(int gpu, std::vector<Operation> ops);

    const msccl::Program& program_;
    Plan plan_;
    /// Per connection: the sender's channel index and the receiver's.
    std::map<Connection, std::pair<int, int>> channels_;
    /// Per connection: the landing of each message, in order.
    std::map<Connection, std::vector<Landing>> landings_;
    std::map<Connection, std::size_t> next_message_;
    /// (gpu, thread block position, step index) of a signalling step -> its
    /// semaphore and how many steps wait on it.
    std::map<std::tuple<int, int, int>, std::pair<int, int>> releases_;
    /// (gpu, thread block position, step position) of a waiting step -> the semaphore.
    std::map<std::tuple<int, int, int>, int> acquires_;
};

void Converter::make_channels() {
    for (const msccl::Gpu& gpu : program_.gpus)
        for (const msccl::ThreadBlock& block : gpu.thread_blocks)
            if (block.send_peer >= 0)
                channels_[{gpu.id, block.send_peer, block.channel}] = {-1, -1};
    // Both ends append each connection's channel in one global order, so the
    // n-th channel between two gpus is the same pair on both sides.
    for (auto& [connection, indexes] : channels_) {
        const auto [sender, receiver, channel] = connection;
        auto add = [&](int gpu, int peer) {
            std::vector<Channel>& list = plan_.gpus[static_cast<std::size_t>(gpu)].memory_channels;
            int ordinal = 0;
            for (const Channel& earlier : list) ordinal += earlier.peer == peer;
            list.push_back({ChannelKind::memory, peer, ordinal});
            return static_cast<int>(list.size()) - 1;
        };
        indexes = {add(sender, receiver), add(receiver, sender)};
    }
}

void Converter::plan_landings() {
    for (const msccl::Gpu& gpu : program_.gpus)
        for (const msccl::ThreadBlock& block : gpu.thread_blocks) {
            if (block.send_peer < 0) continue;
            for (const msccl::Step& step : block.steps) {
                if (!msccl::step_sends(step.type)) continue;
                Gpu& receiver = plan_.gpus[static_cast<std::size_t>(block.send_peer)];
                landings_[{gpu.id, block.send_peer, block.channel}].push_back(
                    {receiver.id, receiver.scratch_chunks, step.count});
                receiver.scratch_chunks += step.count;
            }
        }
}

void Converter::plan_semaphores() {
    for (const msccl::Gpu& gpu : program_.gpus)
        for (std::size_t block = 0; block < gpu.thread_blocks.size(); ++block) {
            const auto& steps = gpu.thread_blocks[block].steps;
            for (std::size_t step = 0; step < steps.size(); ++step) {
                const msccl::Step& waiting = steps[step];
                if (waiting.depends_on_block < 0) continue;
                // The waited step, or the next one of that block that signals.
                const auto& awaited =
                    gpu.thread_blocks[static_cast<std::size_t>(waiting.depends_on_block)].steps;
                int signalling = -1;
                for (const msccl::Step& candidate : awaited)
                    if (candidate.index >= waiting.depends_on_step && candidate.signals) {
                        signalling = candidate.index;
                        break;
                    }
                if (signalling < 0) continue;  // the MSCCL-IR program hangs there too
                auto [found, added] = releases_.try_emplace(
                    {gpu.id, waiting.depends_on_block, signalling},
                    std::pair{static_cast<int>(
                                  plan_.gpus[static_cast<std::size_t>(gpu.id)].semaphores.size()),
                              0});
                if (added) plan_.gpus[static_cast<std::size_t>(gpu.id)].semaphores.push_back({0});
                ++found->second.second;
                acquires_[{gpu.id, static_cast<int>(block), static_cast<int>(step)}] =
                    found->second.first;
            }
        }
}

void Converter::convert_block(int gpu, const msccl::ThreadBlock& block, ThreadBlock& into) {
    const int position = static_cast<int>(
        &block - program_.gpus[static_cast<std::size_t>(gpu)].thread_blocks.data());
    const Connection sending{gpu, block.send_peer, block.channel};
    const Connection receiving{block.receive_peer, gpu, block.channel};
    const int send_channel = block.send_peer >= 0 ? channels_.at(sending).first : -1;
    const int receive_channel = block.receive_peer >= 0 ? channels_.at(receiving).second : -1;
    std::vector<Operation>& ops = into.operations;
    // The landing ranges this block reads are free: the sender may put (again).
    if (receive_channel >= 0)
        ops.push_back(channel_operation(OperationKind::signal, receive_channel));
    if (send_channel >= 0) ops.push_back(channel_operation(OperationKind::wait, send_channel));
    std::size_t received = 0;
    for (std::size_t index = 0; index < block.steps.size(); ++index) {
        const msccl::Step& step = block.steps[index];
        if (const auto acquire = acquires_.find({gpu, position, static_cast<int>(index)});
            acquire != acquires_.end()) {
            Operation operation;
            operation.kind = OperationKind::semaphore_acquire;
            operation.semaphores = {acquire->second};
            ops.push_back(operation);
        }
        BufferRange landed;
        if (msccl::step_receives(step.type)) {
            ops.push_back(channel_operation(OperationKind::wait, receive_channel));
            const Landing& landing = landings_.at(receiving)[received++];
            landed = {.gpu = gpu,
                      .index = landing.index,
                      .size = landing.size,
                      .buffer = BufferKind::scratch};
        }
        const BufferRange source = local(gpu, step.src_buffer, step.src_offset, step.count);
        const BufferRange destination = local(gpu, step.dst_buffer, step.dst_offset, step.count);
        BufferRange remote;
        if (msccl::step_sends(step.type)) {
            const Landing& landing = landings_.at(sending)[next_message_[sending]++];
            remote = {.gpu = landing.gpu,
                      .index = landing.index,
                      .size = landing.size,
                      .buffer = BufferKind::scratch,
                      .remote = true};
        }
        Operation operation;
        switch (step.type) {
            case msccl::StepType::send:
                operation = channel_operation(OperationKind::put, send_channel);
                operation.channels.clear();
                operation.sources = {source};
                operation.destinations = {remote};
                break;
            case msccl::StepType::receive:
                operation.kind = OperationKind::copy;
                operation.sources = {landed};
                operation.destinations = {destination};
                break;
            case msccl::StepType::receive_copy_send:
                operation.kind = OperationKind::copy;
                operation.sources = {landed};
                operation.destinations = {destination};
                ops.push_back(operation);
                operation = channel_operation(OperationKind::put, send_channel);
                operation.channels.clear();
                operation.sources = {destination};
                operation.destinations = {remote};
                break;
            case msccl::StepType::receive_reduce_send:
            case msccl::StepType::receive_reduce_copy_send:
                // The sum lands in dst (rrcs) or on the landing range itself (rrs).
                operation.kind = OperationKind::reduce_send;
                operation.channel_kind = ChannelKind::memory;
                operation.sources = {source, landed};
                operation.destinations = {
                    step.type == msccl::StepType::receive_reduce_send ? landed : destination,
                    remote};
                break;
            case msccl::StepType::receive_reduce_copy:
                operation.kind = OperationKind::reduce;
                operation.sources = {source, landed};
                operation.destinations = {destination};
                break;
            case msccl::StepType::copy:
                operation.kind = OperationKind::copy;
                operation.sources = {source};
                operation.destinations = {destination};
                break;
            case msccl::StepType::reduce:
                operation.kind = OperationKind::reduce;
                operation.sources = {destination, source};
                operation.destinations = {destination};
                break;
            case msccl::StepType::nop:
                operation.kind = OperationKind::nop;
                break;
        }
        if (operation.kind == OperationKind::put) operation.channel_kind = ChannelKind::memory;
        ops.push_back(operation);
        if (msccl::step_sends(step.type))
            ops.push_back(channel_operation(OperationKind::signal, send_channel));
        if (const auto release = releases_.find({gpu, position, step.index});
            release != releases_.end())
            for (int waiter = 0; waiter < release->second.second; ++waiter) {
                Operation operation_release;
                operation_release.kind = OperationKind::semaphore_release;
                operation_release.semaphores = {release->second.first};
                ops.push_back(operation_release);
            }
    }
    ops = with_thread_joins(ops, program_.in_place);
}

Operation semaphore_operation(OperationKind kind, int semaphore) {
    Operation operation;
    operation.kind = kind;
    operation.semaphores = {semaphore};
    return operation;
}

/// Adds `ops` (joined) to gpu `gpu` as one thread block, or, past
/// executor_max_operations (the executor refuses more: setupDeviceExecutionPlan),
/// as consecutive thread blocks of at most that many, chained by semaphores
/// (docs/mscclpp.md, Export): each but the last ends with a sem_release of a
/// fresh semaphore (initial value 0), the next begins with its sem_acquire, a
/// nop after the acquire and before the release where the threads need one.
/// The chain runs the operations in their order, as one block did: a block's
/// acquire returns after its predecessor's release (handleSemAcquire,
/// handleSemRelease), which comes after everything its predecessor did.
void Converter::add_within_limit(int gpu, std::vector<Operation> ops) {
    Gpu& into = plan_.gpus[static_cast<std::size_t>(gpu)];
    const auto add = [&](std::vector<Operation> block_ops) {
        if (block_ops.size() > static_cast<std::size_t>(executor_max_operations))
            throw std::logic_error("plan_from_msccl: a thread block of " +
                                   std::to_string(block_ops.size()) + " operations");
        for (std::size_t index = 0; index < block_ops.size(); ++index)
            block_ops[index].index = static_cast<int>(index);
        into.thread_blocks.push_back(
            {static_cast<int>(into.thread_blocks.size()), std::move(block_ops)});
    };
    if (ops.size() <= static_cast<std::size_t>(executor_max_operations)) {
        add(std::move(ops));
        return;
    }
    // Room for the chain's acquire, its nop, a nop and the release: the
    // operations are already joined, so joining a part again adds no other nop.
    constexpr std::size_t part = executor_max_operations - 4;
    int previous = -1;
    for (std::size_t begin = 0; begin < ops.size(); begin += part) {
        const std::size_t end = std::min(ops.size(), begin + part);
        std::vector<Operation> block_ops;
        if (previous >= 0)
            block_ops.push_back(semaphore_operation(OperationKind::semaphore_acquire, previous));
        block_ops.insert(block_ops.end(), std::make_move_iterator(ops.begin() + begin),
                         std::make_move_iterator(ops.begin() + end));
        if (end < ops.size()) {
            previous = static_cast<int>(into.semaphores.size());
            into.semaphores.push_back({0});
            block_ops.push_back(semaphore_operation(OperationKind::semaphore_release, previous));
        }
        add(with_thread_joins(block_ops, program_.in_place));
    }
}

Plan Converter::convert() {
    plan_.name = program_.name;
    plan_.collective = collective_name(program_.collective);
    plan_.protocol = "Simple";
    plan_.in_place = program_.in_place;
    for (const msccl::Gpu& gpu : program_.gpus)
        plan_.gpus.push_back({gpu.id,
                              gpu.input_chunks,
                              stated_output_chunks(program_, gpu),
                              gpu.scratch_chunks,
                              {},
                              {},
                              {},
                              {}});
    make_channels();
    plan_landings();
    plan_semaphores();
    for (const msccl::Gpu& gpu : program_.gpus)
        for (const msccl::ThreadBlock& block : gpu.thread_blocks) {
            ThreadBlock whole;
            convert_block(gpu.id, block, whole);
            add_within_limit(gpu.id, std::move(whole.operations));
        }
    return plan_;
}

}  // namespace

Plan plan_from_msccl(const msccl::Program& program) { return Converter(program).convert(); }

}  // namespace trivcheck::mscclpp
