#include "checker/mscclpp/one_sided_run.hpp"

#include <algorithm>
#include <functional>
#include <numeric>
#include <optional>

#include "checker/mscclpp/cell_tracking_feed.hpp"
#include "checker/mscclpp/kernel_operation.hpp"
#include "checker/mscclpp/port_proxy.hpp"
#include "checker/mscclpp/run_state.hpp"
#include "checker/mscclpp/run_violations.hpp"
#include "checker/mscclpp/thread_order.hpp"

namespace trivcheck::mscclpp {

namespace {

/// A signal the thread block's threads give themselves: a port channel's
/// signals are the proxy's (Run::serve_proxies), and pws or pwsf on a memory
/// channel signal nothing (operation_kind.hpp's signals_after_put).
/// What a packet hands its reader (docs/mscclpp.md, Packets): `written`,
/// relaxed. An LL packet is its data and flag in one volatile store with no
/// fence (packet_device.hpp: LL16Packet::write, read): the reader is ordered
/// after the writer (whose reads the payload was computed from), but sees
/// as written only what the writer's stream completed before its launch.
Token packet_token(Token written) {
    written.relaxed = true;
    return written;
}

bool is_signal(const Operation& op) {
    return op.channel_kind != ChannelKind::port &&
           (op.kind == OperationKind::signal || op.kind == OperationKind::relaxed_signal);
}

class Run {
  public:
    Run(const Plan& plan, const CellLayout& cells, msccl::ViolationSink& violations,
        std::int64_t cells_beside_from);
    RunResult run();

  private:
    bool can_run(int process);
    /// Whether the barrier step of `process` may pass (arriving first if it has not).
    bool pass_barrier(int process, const Operation& op);
    /// The caller `index` runs once every thread block of its gpu's previous launch is done.
    bool run_caller(int index);
    /// The clocks of every thread block of the caller's previous launch, and its earlier work.
    Token launch_end(const Process& caller);
    /// The clocks of the thread blocks `caller` gathered: nothing asks them again.
    void forget_clocks(const Process& caller);
    void execute(int process);
    /// The signal, release, barrier or packet flag the step of `process` waits for.
    void take_synchronization(int process, const Operation& op, RunFigures& figures);
    /// The packet flags the step of `process` read: their tokens joined.
    /// Returns whether it reads packets.
    bool join_packets(int process, const PlanStep& step);
    void give_tokens(int index, const PlanStep& step, RunFigures& figures);
    /// The proxies serve what the step of `process` pushed (port_proxy.hpp):
    /// puts, signals into the peer's mailbox, flushes its threads wait for.
    void serve_proxies(int process, RunFigures& figures);
    /// The packets `op`'s destination `position` writes carry `written`.
    void write_packets(const PlanStep& step, std::size_t position, int launch,
                       const Token& written);
    /// The cells of `range` that `step` touches, per gpu, in `packet_cells_`.
    const std::vector<std::vector<int>>& packet_cells(const PlanStep& step,
                                                      const BufferRange& range, int launch);
    Token token(int process, bool relaxed);
    /// What the first threads of `process` signal or release: their clocks
    /// with the entry of the steps they know all of (ProcessClocks::published).
    Token published_token(int process, bool relaxed);
    /// The clocks the current step of `process` accesses cells with: its
    /// first threads' (`all_threads` false) or every thread's.
    StepClocks step_clocks(int process, bool all_threads = false) const;
    /// Whether `process` is known to be still blocked, or done, from
    /// `blocked_on_` alone.
    bool still_blocked(std::size_t process) const;

    RunState state_;
    /// Per process, what a pass knows without reading its step: done, or
    /// blocked on a mailbox (its index) or a semaphore (the mailboxes' count
    /// plus its index) that was empty; `unknown`: look. The 1,024-rank check
    /// makes 1.9 million visits to blocked thread blocks, each a miss on the
    /// process, its step and its operation otherwise.
    static constexpr int unknown = -1;
    static constexpr int done = -2;
    std::vector<int> blocked_on_;
    /// Per process, when it finished: 0 for the first to finish, 1 for the
    /// next; -1 not yet.
    std::vector<int> finished_;
    int finished_count_ = 0;
    msccl::ViolationSink& sink_;
    RunViolations violations_;
    CellTrackingFeed cells_;
    ThreadOrder thread_order_;
    RunFigures figures_;
    /// The cells of a range of packets, per gpu: kept from step to step so
    /// that a step allocates nothing.
    std::vector<std::vector<int>> packet_cells_;
};

Run::Run(const Plan& plan, const CellLayout& cells, msccl::ViolationSink& violations,
         std::int64_t cells_beside_from)
    : state_(plan, cells),
      blocked_on_(state_.processes.size(), unknown),
      finished_(state_.processes.size(), -1),
      sink_(violations),
      violations_(state_, violations),
      cells_(state_, violations, state_.steps_in_all >= cells_beside_from),
      thread_order_(state_) {
    for (const Gpu& gpu : plan.gpus)
        figures_.most_thread_blocks_per_gpu = std::max(figures_.most_thread_blocks_per_gpu,
                                                       static_cast<int>(gpu.thread_blocks.size()));
    figures_.thread_blocks = state_.callers_begin / state_.launches;
}

Token Run::token(int process, bool relaxed) {
    Process& of = state_.processes[static_cast<std::size_t>(process)];
    Token token = state_.clocks.token(of.clocks, process, relaxed);
    token.step = static_cast<int>(of.next);
    token.launch = of.launch;
    return token;
}

Token Run::published_token(int process, bool relaxed) {
    Process& of = state_.processes[static_cast<std::size_t>(process)];
    Token token = state_.clocks.token(of.clocks, process, relaxed, of.clocks.published);
    token.step = static_cast<int>(of.next);
    token.launch = of.launch;
    return token;
}

StepClocks Run::step_clocks(int process, bool all_threads) const {
    const Process& of = state_.processes[static_cast<std::size_t>(process)];
    if (all_threads)
        return {process, static_cast<int>(of.next), of.clocks.all_weak, of.clocks.all_strong};
    return {process, static_cast<int>(of.next), of.clocks.weak, of.clocks.strong};
}

Token Run::launch_end(const Process& caller) {
    Token previous;
    const auto [begin, end] = state_.blocks_of(caller.gpu, caller.launch - 1);
    // The last to finish first: it mostly learned what the others did to
    // their end, and a block whose end the gathered clocks know adds nothing
    // (the 1,024-rank check: 51,356 of 55,854 blocks, 9 million page joins).
    std::vector<int> blocks(static_cast<std::size_t>(end - begin));
    std::iota(blocks.begin(), blocks.end(), begin);
    std::ranges::sort(blocks, std::greater<>(),
                      [&](int block) { return finished_[static_cast<std::size_t>(block)]; });
    for (const int block : blocks) {
        const ProcessClocks& clocks = state_.processes[static_cast<std::size_t>(block)].clocks;
        if (!state_.clocks.knows_end(previous, block, clocks))
            state_.clocks.join_all(previous, token(block, false));
    }
    if (caller.launch > 1)
        // The stream's order: the caller's earlier work on this gpu came first.
        state_.clocks.join_all(previous,
                               token(state_.caller_of(caller.gpu, caller.launch - 1), false));
    // The chain of operations is the launch's own: the caller starts none.
    previous.depth = 0;
    return previous;
}

void Run::forget_clocks(const Process& caller) {
    const auto [begin, end] = state_.blocks_of(caller.gpu, caller.launch - 1);
    for (int block = begin; block < end; ++block) {
        ProcessClocks& clocks = state_.processes[static_cast<std::size_t>(block)].clocks;
        clocks.strong = {};
        clocks.weak = {};
        clocks.fenced = {};
    }
}

bool Run::run_caller(int index) {
    Process& caller = state_.processes[static_cast<std::size_t>(index)];
    if (caller.started) return false;
    const auto [begin, end] = state_.blocks_of(caller.gpu, caller.launch - 1);
    for (int block = begin; block < end; ++block) {
        const Process& of = state_.processes[static_cast<std::size_t>(block)];
        if (of.next < of.steps.size()) return false;
    }
    if (caller.launch > 1 &&
        !state_.processes[static_cast<std::size_t>(state_.caller_of(caller.gpu, caller.launch - 1))]
             .started)
        return false;
    caller.started = true;
    state_.clocks.join_token(caller.clocks, index, launch_end(caller));
    caller.clocks.own = 1;
    forget_clocks(caller);
    // It reads the launch's output and writes the next launch's input.
    cells_.step(step_clocks(index));
    return true;
}

bool Run::pass_barrier(int index, const Operation& op) {
    Process& process = state_.processes[static_cast<std::size_t>(index)];
    if (process.released) return true;
    if (process.arrived) return false;
    BarrierState& barrier = state_.barriers[{process.gpu, op.barrier_id}];
    barrier.arrived.push_back(index);
    process.arrived = true;
    if (static_cast<int>(barrier.arrived.size()) < op.barrier_thread_blocks) return false;
    Token all = token(index, false);
    for (int other : barrier.arrived) state_.clocks.join_all(all, token(other, false));
    for (int other : barrier.arrived)
        state_.processes[static_cast<std::size_t>(other)].released = all;
    barrier.arrived.clear();
    return true;
}

bool Run::can_run(int index) {
    Process& process = state_.processes[static_cast<std::size_t>(index)];
    if (!process.started) {
        const int caller = state_.caller_of(process.gpu, process.launch);
        if (!state_.processes[static_cast<std::size_t>(caller)].started) return false;
        process.started = true;
        state_.clocks.join_token(process.clocks, index, token(caller, false));
        state_.clocks.fence(process.clocks, index);
        process.clocks.join_threads();
    }
    const PlanStep& step = process.steps[process.next];
    const Operation& op = *step.operation;
    switch (op.kind) {
        case OperationKind::wait:
        case OperationKind::relaxed_wait:
            for (int channel : op.channels) {
                const int mailbox = state_.mailbox_index.of(process.gpu, op, channel, false);
                if (state_.mailboxes[static_cast<std::size_t>(mailbox)].empty()) {
                    blocked_on_[static_cast<std::size_t>(index)] = mailbox;
                    return false;
                }
            }
            return true;
        case OperationKind::semaphore_acquire:
            for (int id : op.semaphores) {
                const SemaphoreState& semaphore = state_.semaphore(process.gpu, id);
                if (semaphore.initial_left == 0 && semaphore.releases.empty()) {
                    blocked_on_[static_cast<std::size_t>(index)] =
                        state_.mailbox_index.count() + state_.semaphore_index(process.gpu, id);
                    return false;
                }
            }
            return true;
        case OperationKind::barrier:
            return pass_barrier(index, op);
        default:
            break;
    }
    for (std::size_t position = 0; position < op.sources.size(); ++position) {
        if (!waits_for_packets(op.kind, position)) continue;
        for (const std::vector<int>& cells :
             state_.range_cells(step, op.sources[position], process.launch))
            for (int cell : cells)
                if (!state_.has_packet(cell, process.launch)) return false;
    }
    return true;
}

void Run::take_synchronization(int index, const Operation& op, RunFigures& figures) {
    Process& process = state_.processes[static_cast<std::size_t>(index)];
    // Port channels have no relaxed form: the executor's handleSignal and
    // handleWait call the full signal and wait for them.
    const bool relaxed_channel = op.channel_kind == ChannelKind::memory;
    if (op.kind == OperationKind::wait || op.kind == OperationKind::relaxed_wait) {
        for (int channel : op.channels) {
            Token satisfied = state_.mailbox(process, op, channel, false).take();
            satisfied.relaxed =
                satisfied.relaxed || (op.kind == OperationKind::relaxed_wait && relaxed_channel);
            state_.clocks.join_token(process.clocks, index, satisfied);
            ++figures.synchronization.waits;
        }
    } else if (op.kind == OperationKind::semaphore_acquire) {
        for (int id : op.semaphores) {
            SemaphoreState& semaphore = state_.semaphore(process.gpu, id);
            if (semaphore.initial_left > 0)
                --semaphore.initial_left;
            else
                state_.clocks.join_token(process.clocks, index, semaphore.releases.take());
            ++figures.synchronization.semaphore_acquires;
        }
    } else if (op.kind == OperationKind::barrier) {
        state_.clocks.join_token(process.clocks, index, *process.released);
        process.released.reset();
        process.arrived = false;
        ++figures.synchronization.barriers;
    }
}

const std::vector<std::vector<int>>& Run::packet_cells(const PlanStep& step,
                                                       const BufferRange& range, int launch) {
    state_.fill_range_cells(step, range, launch, packet_cells_);
    return packet_cells_;
}

bool Run::join_packets(int index, const PlanStep& step) {
    Process& process = state_.processes[static_cast<std::size_t>(index)];
    const Operation& op = *step.operation;
    bool reads_packets = false;
    int joined_packet = -1;
    for (std::size_t position = 0; position < op.sources.size(); ++position) {
        if (!waits_for_packets(op.kind, position)) continue;
        reads_packets = true;
        for (const std::vector<int>& cells :
             packet_cells(step, op.sources[position], process.launch))
            for (int cell : cells) {
                // A step's packets mostly come from one step: its token
                // joined once (joining it again changes nothing).
                const int packet = state_.packet(cell);
                if (packet == joined_packet) continue;
                joined_packet = packet;
                // A packet is a relaxed token (packet_token): the reader is
                // ordered after what its writer did, but sees as written
                // only what the writer's stream completed before its launch, and the packet's own
                // payload (RaceChecks::check_packet_read).
                const Token& written = state_.packet_tokens[static_cast<std::size_t>(packet)];
                state_.clocks.join_token(process.clocks, index, written);
                state_.clocks.join_all_threads(process.clocks, written);
            }
    }
    return reads_packets;
}

void Run::give_tokens(int index, const PlanStep& step, RunFigures& figures) {
    Process& process = state_.processes[static_cast<std::size_t>(index)];
    const Operation& op = *step.operation;
    // The proxy writes a port channel's packets (serve_proxies).
    if (!served_by_proxy(op)) {
        std::optional<Token> written;
        for (std::size_t position = 0; position < op.destinations.size(); ++position) {
            if (!writes_packets(op.kind, position)) continue;
            if (!written) written = packet_token(token(index, false));
            write_packets(step, position, process.launch, *written);
        }
    }
    if (is_signal(op)) {
        const bool relaxed =
            op.kind == OperationKind::relaxed_signal && op.channel_kind == ChannelKind::memory;
        // A full signal is a release (memory channel signal():
        // red.release.sys) that only an acquiring wait takes: it leaves
        // `fenced` (the launch's start) as it is, so a relaxed wait after
        // it sees nothing of this launch (docs/mscclpp.md, Relaxed forms).
        for (int channel : op.channels) {
            state_.mailbox(process, op, channel, true).push_back(published_token(index, relaxed));
            ++(relaxed ? figures.synchronization.relaxed_signals : figures.synchronization.signals);
        }
    }
    if (op.kind != OperationKind::semaphore_release) return;
    // DeviceSemaphore::release: a release at device scope by the first
    // threads (concurrency_device.hpp), taken by an acquire on this gpu; it
    // fences nothing for a relaxed signal to another gpu.
    for (int id : op.semaphores)
        state_.semaphore(process.gpu, id).releases.push_back(published_token(index, false));
}

void Run::write_packets(const PlanStep& step, std::size_t position, int launch,
                        const Token& written) {
    // One token for every packet of the step: they carry the same clocks.
    int packet = -1;
    for (const std::vector<int>& cells :
         packet_cells(step, step.operation->destinations[position], launch))
        for (const int cell : cells) {
            if (packet < 0) {
                packet = static_cast<int>(state_.packet_tokens.size());
                state_.packet_tokens.push_back(written);
            }
            state_.packet(cell) = packet;
        }
}

void Run::serve_proxies(int index, RunFigures& figures) {
    if (state_.proxies.empty()) return;
    Process& issuer = state_.processes[static_cast<std::size_t>(index)];
    const PlanStep& step = issuer.steps[issuer.next];
    const Operation& op = *step.operation;
    if (op.channel_kind != ChannelKind::port) return;
    // What the pushing threads know: fifo_.push stores the trigger with a
    // release (fifo_device.hpp).
    const Token pushed = published_token(index, false);
    for (const ProxyRequest& request : proxy_requests(op, static_cast<int>(issuer.next))) {
        const int channel = op.channels[static_cast<std::size_t>(request.position)];
        const int server_index = state_.proxies.process(index, channel);
        PortProxy& proxy = state_.proxies.of_process(server_index);
        Process& server = state_.processes[static_cast<std::size_t>(server_index)];
        // ProxyService::handleTrigger serves the channel's requests in push order.
        state_.clocks.join_token(server.clocks, server_index, pushed);
        const int served = proxy.served++;
        server.clocks.own = served + 1;
        if (request.data)
            cells_.step({server_index, served, server.clocks.weak, server.clocks.strong});
        Token served_token = state_.clocks.token(server.clocks, server_index, false);
        served_token.step = served;
        served_token.launch = server.launch;
        if (request.data && writes_packets(op.kind, static_cast<std::size_t>(request.position)))
            write_packets(step, static_cast<std::size_t>(request.position), issuer.launch,
                          packet_token(served_token));
        if (request.flag) {
            // semaphore->signal() after the channel's earlier writes.
            state_.mailbox(issuer, op, channel, true).push_back(served_token);
            ++figures.synchronization.signals;
        }
        // waitFlush: the pushing thread spins until the proxy completed
        // every earlier request of the channel (port_channel_device.hpp).
        if (request.sync) state_.clocks.join_token(issuer.clocks, index, served_token);
    }
}

void Run::execute(int index) {
    Process& process = state_.processes[static_cast<std::size_t>(index)];
    const PlanStep& step = process.steps[process.next];
    const Operation& op = *step.operation;
    // The figures are the first launch's.
    RunFigures later_launch;
    RunFigures& figures = process.launch == 0 ? figures_ : later_launch;
    ++figures.steps;
    take_synchronization(index, op, figures);
    figures.synchronization.packet_reads += join_packets(index, step);
    process.clocks.own = static_cast<int>(process.next) + 1;
    if (op.kind != OperationKind::nop) ++process.clocks.depth;
    // Threads (docs/mscclpp.md, Threads): a join makes every step so far
    // known to all threads; a step of the first threads alone is theirs to
    // publish if all before it are.
    const OperationThreads threads = operation_threads(op);
    if (threads == OperationThreads::join)
        process.clocks.join_threads();
    else if (threads == OperationThreads::first &&
             process.clocks.published == static_cast<int>(process.next))
        process.clocks.published = process.clocks.own;
    cells_.step(step_clocks(index, threads == OperationThreads::all));
    thread_order_.step(index, static_cast<int>(process.next));
    give_tokens(index, step, figures);
    serve_proxies(index, figures);
    ++process.next;
}

bool Run::still_blocked(std::size_t process) const {
    const int on = blocked_on_[process];
    if (on == done) return true;
    if (on == unknown) return false;
    const int mailboxes = state_.mailbox_index.count();
    if (on < mailboxes) return state_.mailboxes[static_cast<std::size_t>(on)].empty();
    const SemaphoreState& semaphore = state_.semaphores[static_cast<std::size_t>(on - mailboxes)];
    return semaphore.initial_left == 0 && semaphore.releases.empty();
}

RunResult Run::run() {
    bool progress = true;
    while (progress) {
        progress = false;
        for (std::size_t index = 0; index < state_.processes.size(); ++index) {
            if (still_blocked(index)) continue;
            blocked_on_[index] = unknown;
            Process& process = state_.processes[index];
            if (process.caller) {
                progress = run_caller(static_cast<int>(index)) || progress;
                if (process.started) blocked_on_[index] = done;
                continue;
            }
            while (process.next < process.steps.size() && can_run(static_cast<int>(index))) {
                execute(static_cast<int>(index));
                progress = true;
            }
            if (process.next == process.steps.size()) {
                blocked_on_[index] = done;
                finished_[index] = finished_count_++;
            }
        }
    }
    CellTracking& tracking = cells_.finish();
    thread_order_.report(sink_);
    RunResult result;
    result.completed = violations_.report_leftovers();
    for (const Process& process : state_.processes)
        if (process.launch == 0 && !process.caller)
            figures_.critical_path = std::max(figures_.critical_path, process.clocks.depth);
    figures_.synchronization.remote_chunks_written =
        tracking.remote_pieces() / state_.cells.pieces();
    result.values = tracking.take_values();
    result.figures = figures_;
    return result;
}

}  // namespace

RunResult run_plan(const Plan& plan, const CellLayout& cells, msccl::ViolationSink& violations,
                   std::int64_t cells_beside_from) {
    return Run(plan, cells, violations, cells_beside_from).run();
}

}  // namespace trivcheck::mscclpp
