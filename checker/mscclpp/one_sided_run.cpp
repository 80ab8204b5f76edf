#include "checker/mscclpp/one_sided_run.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>

#include "checker/mscclpp/mailbox.hpp"
#include "checker/mscclpp/plan_steps.hpp"
#include "checker/mscclpp/reduction_trees.hpp"
#include "checker/mscclpp/violation_kinds.hpp"

namespace trivcheck::mscclpp {

namespace {

using Clock = std::vector<int>;

void join(Clock& into, const Clock& other) {
    for (std::size_t entry = 0; entry < into.size(); ++entry)
        into[entry] = std::max(into[entry], other[entry]);
}

/// What a signal, a release, a packet write or a barrier hands to whoever it
/// satisfies: the clocks at the moment it happened.
struct Token {
    Clock strong;
    Clock weak;
    /// The strong clock as of the giver's latest fence: all that a relaxed
    /// pair makes visible (what the giver did before its launch started, or
    /// before a full signal or release of its own).
    Clock fenced;
    int depth = 0;
    /// A relaxed signal orders nothing it did itself: the waiter joins `weak`
    /// and `fenced`, not `strong`.
    bool relaxed = false;
    int process = -1;
    int step = -1;
    int launch = 0;
};

/// One access of a cell: by `process` at its clock `clock`, in its step `step`.
struct Access {
    int process = -1;
    int clock = 0;
    int step = -1;
};

struct CellHistory {
    Access write;
    std::vector<Access> reads;
    /// The latest packet write of the cell, an index into packet_tokens_; -1: none.
    int packet = -1;
};

struct Process {
    int gpu = 0;
    int block = 0;
    int launch = 0;
    /// The caller on the gpu's stream between launches (no steps): after
    /// launch `launch - 1` it reads the output, then writes new input for
    /// launch `launch` (none after the last).
    bool caller = false;
    bool started = false;
    std::vector<PlanStep> steps;
    std::size_t next = 0;
    Clock strong, weak;
    /// The strong clock as of this thread block's latest fence.
    Clock fenced;
    int depth = 0;
    /// Barrier: arrived and waiting for the others (the barrier's key), or released with.
    bool arrived = false;
    std::optional<Token> released;
};

struct Semaphore {
    int initial_left = 0;
    std::deque<Token> releases;
};

struct Barrier {
    std::vector<int> arrived;
};

/// A read or write of one cell by one step.
struct CellAccess {
    int cell = 0;
    bool packet = false;
};

class Run {
  public:
    Run(const Plan& plan, const CellLayout& cells, msccl::ViolationSink& violations);
    RunResult run();

  private:
    bool can_run(int process);
    /// A cell starts holding contribution `contribution` (a leaf).
    void start_value(int cell, int contribution) {
        contents_[static_cast<std::size_t>(cell)] = {contribution};
        trees_[static_cast<std::size_t>(cell)] = trees_pool_.leaf(contribution);
    }
    /// The caller `index` runs once every thread block of its gpu's previous launch is done.
    bool run_caller(int index);
    int caller_of(int gpu, int launch) const {
        return callers_begin_ + (launch - 1) * static_cast<int>(plan_.gpus.size()) + gpu;
    }
    /// Every piece of gpu `gpu`'s output (in place: where the input layout puts it).
    std::vector<int> output_cells(int gpu, int launch) const;
    void execute(int process);
    void check_read(int process, const CellAccess& access);
    void check_write(int process, const CellAccess& access);
    void report_pair(ViolationKind kind, const Access& earlier, int process, int cell,
                     const char* earlier_note, const char* later_note);
    ProgramPoint point(int process, int step, std::string note, int cell = -1) const;
    void join_token(Process& process, const Token& token);
    Token token(int process, bool relaxed) const;
    /// Whether launch `launch` has written packets to `cell` (its flag is the launch's).
    bool has_packet(int cell, int launch) const {
        const int packet = history_[static_cast<std::size_t>(cell)].packet;
        return packet >= 0 && packet_tokens_[static_cast<std::size_t>(packet)].launch == launch;
    }
    /// The cells of `range` that `step` touches, piece by piece (switch ranges:
    /// the same pieces on every gpu of the group, gpu by gpu).
    std::vector<std::vector<int>> range_cells(const PlanStep& step, const BufferRange& range,
                                              int launch) const;
    /// The mailboxes `op`'s channels signal into (`outgoing`) or wait on.
    std::vector<MailboxKey> mailboxes(const Process& process, const Operation& op,
                                      bool outgoing) const;
    void finish(RunResult& result);

    const Plan& plan_;
    const CellLayout& cells_;
    msccl::ViolationSink& violations_;
    std::vector<Process> processes_;
    std::vector<CellHistory> history_;
    std::vector<Token> packet_tokens_;
    std::vector<Contents> contents_;
    /// Per cell: its value's reduction tree, -1 for no value.
    std::vector<int> trees_;
    ReductionTrees trees_pool_;
    std::map<MailboxKey, std::deque<Token>> mailboxes_;
    std::map<std::pair<int, int>, Semaphore> semaphores_;
    std::map<std::pair<int, int>, Barrier> barriers_;
    std::set<std::tuple<ViolationKind, int, int, int, int>> reported_;
    RunFigures figures_;
    std::int64_t remote_pieces_ = 0;
    int input_stride_ = 0;
    int callers_begin_ = 0;
};

Run::Run(const Plan& plan, const CellLayout& cells, msccl::ViolationSink& violations)
    : plan_(plan), cells_(cells), violations_(violations) {
    for (const Gpu& gpu : plan.gpus) {
        input_stride_ = std::max(input_stride_, gpu.input_chunks);
        figures_.most_thread_blocks_per_gpu = std::max(figures_.most_thread_blocks_per_gpu,
                                                       static_cast<int>(gpu.thread_blocks.size()));
        for (std::size_t index = 0; index < gpu.semaphores.size(); ++index)
            semaphores_[{gpu.id, static_cast<int>(index)}].initial_left =
                gpu.semaphores[index].initial;
    }
    for (int launch = 0; launch < launches; ++launch)
        for (const Gpu& gpu : plan.gpus)
            for (std::size_t block = 0; block < gpu.thread_blocks.size(); ++block) {
                Process process;
                process.gpu = gpu.id;
                process.block = static_cast<int>(block);
                process.launch = launch;
                process.started = launch == 0;
                process.steps = thread_block_steps(gpu.thread_blocks[block]);
                processes_.push_back(std::move(process));
            }
    figures_.thread_blocks = static_cast<int>(processes_.size()) / launches;
    callers_begin_ = static_cast<int>(processes_.size());
    for (int launch = 1; launch <= launches; ++launch)
        for (const Gpu& gpu : plan.gpus) {
            Process caller;
            caller.gpu = gpu.id;
            caller.launch = launch;
            caller.caller = true;
            processes_.push_back(std::move(caller));
        }
    for (Process& process : processes_) {
        process.strong.assign(processes_.size(), 0);
        process.weak.assign(processes_.size(), 0);
        process.fenced.assign(processes_.size(), 0);
    }
    history_.resize(static_cast<std::size_t>(cells.count()));
    contents_.resize(static_cast<std::size_t>(cells.count()));
    trees_.assign(static_cast<std::size_t>(cells.count()), -1);
    // Start: input piece p of chunk c of gpu g holds contribution (g, c, p).
    for (const Gpu& gpu : plan.gpus)
        for (int chunk = 0; chunk < gpu.input_chunks; ++chunk)
            for (int piece = 0; piece < cells.pieces(); ++piece)
                start_value(cells.cell(gpu.id, BufferKind::input, chunk, piece),
                            contribution_id(0, gpu.id, chunk, piece, input_stride_, cells.pieces(),
                                            static_cast<int>(plan.gpus.size())));
}

ProgramPoint Run::point(int process, int step, std::string note, int cell) const {
    const Process& of = processes_[static_cast<std::size_t>(process)];
    ProgramPoint point;
    point.gpu = of.gpu;
    if (cell >= 0) {
        const CellLayout::Place place = cells_.place(cell);
        point.buffer = "gpu " + std::to_string(place.gpu) + " " + buffer_letter(place.buffer);
        point.chunk = place.chunk;
    }
    if (of.caller) {
        point.note = "the caller after launch " + std::to_string(of.launch) +
                     (note.empty() ? std::string() : ": " + note);
        return point;
    }
    const PlanStep& plan_step = of.steps[static_cast<std::size_t>(step)];
    point.thread_block = plan_.gpus[static_cast<std::size_t>(of.gpu)]
                             .thread_blocks[static_cast<std::size_t>(of.block)]
                             .id;
    point.step = plan_step.operation->index;
    std::string what(operation_name(plan_step.operation->kind));
    if (plan_step.iteration >= 0)
        what += ", pipeline op " + std::to_string(plan_step.operation->inner_index) +
                " iteration " + std::to_string(plan_step.iteration);
    if (of.launch > 0) what += ", launch " + std::to_string(of.launch + 1);
    point.note = note.empty() ? what : what + ": " + note;
    return point;
}

Token Run::token(int process, bool relaxed) const {
    const Process& of = processes_[static_cast<std::size_t>(process)];
    return {of.strong, of.weak, of.fenced, of.depth, relaxed, process, static_cast<int>(of.next),
            of.launch};
}

void Run::join_token(Process& process, const Token& token) {
    join(process.weak, token.weak);
    join(process.strong, token.relaxed ? token.fenced : token.strong);
    process.depth = std::max(process.depth, token.depth);
}

std::vector<std::vector<int>> Run::range_cells(const PlanStep& step, const BufferRange& range,
                                               int launch) const {
    const PieceSpan span = step_pieces(step, range.size, cells_.pieces());
    std::vector<int> gpus = range.group;
    if (gpus.empty()) gpus.push_back(range.gpu);
    std::vector<std::vector<int>> per_gpu;
    for (int gpu : gpus) {
        std::vector<int> cells;
        for (int piece = span.begin; piece < span.end; ++piece)
            cells.push_back(cells_.cell(gpu, range.buffer, range.index + piece / cells_.pieces(),
                                        piece % cells_.pieces(), launch));
        per_gpu.push_back(std::move(cells));
    }
    return per_gpu;
}

std::vector<MailboxKey> Run::mailboxes(const Process& process, const Operation& op,
                                       bool outgoing) const {
    return operation_mailboxes(plan_, process.gpu, op, outgoing);
}

std::vector<int> Run::output_cells(int gpu, int launch) const {
    const Gpu& of = plan_.gpus[static_cast<std::size_t>(gpu)];
    const bool own_output = of.output_chunks > 0;
    const int chunks = own_output ? of.output_chunks : of.input_chunks;
    std::vector<int> cells;
    for (int chunk = 0; chunk < chunks; ++chunk)
        for (int piece = 0; piece < cells_.pieces(); ++piece)
            cells.push_back(cells_.cell(gpu, own_output ? BufferKind::output : BufferKind::input,
                                        chunk, piece, launch));
    return cells;
}

bool Run::run_caller(int index) {
    Process& caller = processes_[static_cast<std::size_t>(index)];
    if (caller.started) return false;
    Token previous;
    previous.strong.assign(processes_.size(), 0);
    previous.weak.assign(processes_.size(), 0);
    for (int other = 0; other < callers_begin_; ++other) {
        const Process& block = processes_[static_cast<std::size_t>(other)];
        if (block.gpu != caller.gpu || block.launch != caller.launch - 1) continue;
        if (block.next < block.steps.size()) return false;
        join(previous.strong, block.strong);
        join(previous.weak, block.weak);
    }
    if (caller.launch > 1) {
        // The stream's order: the caller's earlier work on this gpu came first.
        const Process& earlier =
            processes_[static_cast<std::size_t>(caller_of(caller.gpu, caller.launch - 1))];
        if (!earlier.started) return false;
        join(previous.strong, earlier.strong);
        join(previous.weak, earlier.weak);
    }
    caller.started = true;
    join_token(caller, previous);
    caller.strong[static_cast<std::size_t>(index)] = 1;
    caller.weak[static_cast<std::size_t>(index)] = 1;
    // The caller reads what the launch left in its output (the stream's
    // order makes that launch's own writes visible; a peer's need a signal).
    for (int cell : output_cells(caller.gpu, caller.launch - 1)) check_read(index, {cell, false});
    if (caller.launch == launches) return true;
    // ... and writes new input for the next launch.
    const Gpu& gpu = plan_.gpus[static_cast<std::size_t>(caller.gpu)];
    for (int chunk = 0; chunk < gpu.input_chunks; ++chunk)
        for (int piece = 0; piece < cells_.pieces(); ++piece) {
            const int cell = cells_.cell(gpu.id, BufferKind::input, chunk, piece, caller.launch);
            check_write(index, {cell, false});
            start_value(cell,
                        contribution_id(caller.launch, gpu.id, chunk, piece, input_stride_,
                                        cells_.pieces(), static_cast<int>(plan_.gpus.size())));
        }
    return true;
}

bool Run::can_run(int index) {
    Process& process = processes_[static_cast<std::size_t>(index)];
    if (!process.started) {
        const Process& caller =
            processes_[static_cast<std::size_t>(caller_of(process.gpu, process.launch))];
        if (!caller.started) return false;
        process.started = true;
        join_token(process, token(caller_of(process.gpu, process.launch), false));
        process.fenced = process.strong;
    }
    const PlanStep& step = process.steps[process.next];
    const Operation& op = *step.operation;
    switch (op.kind) {
        case OperationKind::wait:
        case OperationKind::relaxed_wait:
            for (const MailboxKey& key : mailboxes(process, op, false))
                if (mailboxes_[key].empty()) return false;
            return true;
        case OperationKind::semaphore_acquire:
            for (int id : op.semaphores) {
                const Semaphore& semaphore = semaphores_[{process.gpu, id}];
                if (semaphore.initial_left == 0 && semaphore.releases.empty()) return false;
            }
            return true;
        case OperationKind::barrier: {
            if (process.released) return true;
            if (!process.arrived) {
                Barrier& barrier = barriers_[{process.gpu, op.barrier_id}];
                barrier.arrived.push_back(index);
                process.arrived = true;
                if (static_cast<int>(barrier.arrived.size()) >= op.barrier_thread_blocks) {
                    Token all = token(index, false);
                    for (int other : barrier.arrived) {
                        const Token theirs = token(other, false);
                        join(all.strong, theirs.strong);
                        join(all.weak, theirs.weak);
                        all.depth = std::max(all.depth, theirs.depth);
                    }
                    for (int other : barrier.arrived)
                        processes_[static_cast<std::size_t>(other)].released = all;
                    barrier.arrived.clear();
                    return true;
                }
            }
            return false;
        }
        default:
            break;
    }
    for (std::size_t position = 0; position < op.sources.size(); ++position) {
        if (!waits_for_packets(op.kind, position)) continue;
        for (const std::vector<int>& cells :
             range_cells(step, op.sources[position], process.launch))
            for (int cell : cells)
                if (!has_packet(cell, process.launch)) return false;
    }
    return true;
}

void Run::report_pair(ViolationKind kind, const Access& earlier, int process, int cell,
                      const char* earlier_note, const char* later_note) {
    const int step = static_cast<int>(processes_[static_cast<std::size_t>(process)].next);
    if (!reported_.emplace(kind, earlier.process, earlier.step, process, step).second) return;
    if (!violations_.count(kind)) return;
    Violation violation;
    violation.kind = kind;
    const ProgramPoint first = point(earlier.process, earlier.step, earlier_note, cell);
    const ProgramPoint second = point(process, step, later_note, cell);
    violation.rank = second.gpu;
    violation.thread_block = second.thread_block;
    violation.step = second.step;
    violation.points = {first, second};
    const CellLayout::Place place = cells_.place(cell);
    violation.buffer = buffer_letter(place.buffer);
    violation.block = place.chunk;
    if (kind != kinds::stale_read)
        violation.detail =
            "no happens-before between the two accesses (signal/wait, semaphore, barrier, "
            "packet flag or program order)";
    else if (std::string(later_note) == "reads")
        violation.detail =
            "the read is ordered after the write only through a relaxed signal or wait, which "
            "does not make the written data visible";
    else
        violation.detail =
            "the second write is ordered after the first only through a relaxed signal or "
            "wait: the first may become visible last";
    violations_.record(std::move(violation));
}

void Run::check_read(int process, const CellAccess& access) {
    Process& reader = processes_[static_cast<std::size_t>(process)];
    CellHistory& history = history_[static_cast<std::size_t>(access.cell)];
    const Access& write = history.write;
    if (write.process >= 0 && write.process != process) {
        if (reader.weak[static_cast<std::size_t>(write.process)] < write.clock)
            report_pair(kinds::race, write, process, access.cell, "writes", "reads");
        else if (reader.strong[static_cast<std::size_t>(write.process)] < write.clock)
            report_pair(kinds::stale_read, write, process, access.cell, "writes", "reads");
    }
    std::erase_if(history.reads, [&](const Access& read) { return read.process == process; });
    history.reads.push_back(
        {process, reader.weak[static_cast<std::size_t>(process)], static_cast<int>(reader.next)});
}

void Run::check_write(int process, const CellAccess& access) {
    Process& writer = processes_[static_cast<std::size_t>(process)];
    CellHistory& history = history_[static_cast<std::size_t>(access.cell)];
    const Access& write = history.write;
    if (write.process >= 0 && write.process != process) {
        if (writer.weak[static_cast<std::size_t>(write.process)] < write.clock)
            report_pair(kinds::race, write, process, access.cell, "writes", "writes");
        else if (writer.strong[static_cast<std::size_t>(write.process)] < write.clock)
            report_pair(kinds::stale_read, write, process, access.cell, "writes", "writes");
    }
    for (const Access& read : history.reads)
        if (read.process != process &&
            writer.weak[static_cast<std::size_t>(read.process)] < read.clock)
            report_pair(kinds::race, read, process, access.cell, "reads", "writes");
    history.write = {process, writer.weak[static_cast<std::size_t>(process)],
                     static_cast<int>(writer.next)};
    history.reads.clear();
}

namespace {

bool reduces(OperationKind kind) {
    switch (kind) {
        case OperationKind::reduce:
        case OperationKind::reduce_send:
        case OperationKind::read_reduce:
        case OperationKind::read_reduce_send:
        case OperationKind::reduce_send_packets:
        case OperationKind::reduce_packets:
        case OperationKind::reduce_copy_packets:
        case OperationKind::reduce_copy_send_packets:
        case OperationKind::multi_load_reduce_store:
            return true;
        default:
            return false;
    }
}

bool is_signal(OperationKind kind) {
    return kind == OperationKind::signal || kind == OperationKind::relaxed_signal ||
           signals_after_put(kind);
}

}  // namespace

void Run::execute(int index) {
    Process& process = processes_[static_cast<std::size_t>(index)];
    const PlanStep& step = process.steps[process.next];
    const Operation& op = *step.operation;
    // The figures are the first launch's.
    RunFigures later_launch;
    RunFigures& figures = process.launch == 0 ? figures_ : later_launch;
    ++figures.steps;
    // Port channels have no relaxed form: the executor's handleSignal and
    // handleWait call the full signal and wait for them.
    const bool relaxed_channel = op.channel_kind == ChannelKind::memory;
    if (op.kind == OperationKind::wait || op.kind == OperationKind::relaxed_wait) {
        for (const MailboxKey& key : mailboxes(process, op, false)) {
            std::deque<Token>& mailbox = mailboxes_[key];
            Token satisfied = std::move(mailbox.front());
            mailbox.pop_front();
            satisfied.relaxed =
                satisfied.relaxed || (op.kind == OperationKind::relaxed_wait && relaxed_channel);
            join_token(process, satisfied);
            ++figures.synchronization.waits;
        }
    } else if (op.kind == OperationKind::semaphore_acquire) {
        for (int id : op.semaphores) {
            Semaphore& semaphore = semaphores_[{process.gpu, id}];
            if (semaphore.initial_left > 0) {
                --semaphore.initial_left;
            } else {
                join_token(process, semaphore.releases.front());
                semaphore.releases.pop_front();
            }
            ++figures.synchronization.semaphore_acquires;
        }
    } else if (op.kind == OperationKind::barrier) {
        join_token(process, *process.released);
        process.released.reset();
        process.arrived = false;
        ++figures.synchronization.barriers;
    }
    // Sources: per source, per gpu of its range, the cells piece by piece.
    std::vector<std::vector<std::vector<int>>> sources;
    bool reads_packets = false;
    for (std::size_t position = 0; position < op.sources.size(); ++position) {
        sources.push_back(range_cells(step, op.sources[position], process.launch));
        if (!waits_for_packets(op.kind, position)) continue;
        reads_packets = true;
        for (const std::vector<int>& cells : sources.back())
            for (int cell : cells)
                join_token(process, packet_tokens_[static_cast<std::size_t>(
                                        history_[static_cast<std::size_t>(cell)].packet)]);
    }
    figures.synchronization.packet_reads += reads_packets;
    const int own = static_cast<int>(process.next) + 1;
    process.strong[static_cast<std::size_t>(index)] = own;
    process.weak[static_cast<std::size_t>(index)] = own;
    if (op.kind != OperationKind::nop) ++process.depth;

    for (const auto& source : sources)
        for (const std::vector<int>& cells : source)
            for (int cell : cells) check_read(index, {cell, false});
    // Values: a reduction sums every source piece by piece; any other
    // operation copies source i (or the last) to destination i.
    std::vector<std::vector<std::vector<int>>> destinations;
    for (const BufferRange& range : op.destinations)
        destinations.push_back(range_cells(step, range, process.launch));
    std::vector<Contents> sums;
    std::vector<int> sum_trees;
    if (reduces(op.kind)) {
        std::size_t pieces = 0;
        for (const auto& source : sources)
            for (const auto& cells : source) pieces = std::max(pieces, cells.size());
        sums.resize(pieces);
        sum_trees.assign(pieces, -1);
        // The kernel's order of additions: the local source first, then the
        // others (handleReduceSend, handleReadReduceSend); packets first, the
        // local source last (handleReduceSendPackets, handleReduceCopySendPackets).
        std::vector<std::size_t> order(sources.size());
        for (std::size_t position = 0; position < order.size(); ++position)
            order[position] = position;
        if (waits_for_packets(op.kind, 1) && !order.empty())
            std::rotate(order.begin(), order.begin() + 1, order.end());
        for (std::size_t position : order)
            for (const auto& cells : sources[position])
                for (std::size_t piece = 0; piece < cells.size(); ++piece) {
                    const std::size_t cell = static_cast<std::size_t>(cells[piece]);
                    sums[piece].insert(sums[piece].end(), contents_[cell].begin(),
                                       contents_[cell].end());
                    if (trees_[cell] < 0) continue;
                    sum_trees[piece] = sum_trees[piece] < 0
                                           ? trees_[cell]
                                           : trees_pool_.sum(sum_trees[piece], trees_[cell]);
                }
        for (Contents& sum : sums) std::sort(sum.begin(), sum.end());
    }
    std::vector<std::tuple<int, Contents, int>> written;
    for (std::size_t position = 0; position < destinations.size(); ++position) {
        const bool packet = writes_packets(op.kind, position);
        for (const std::vector<int>& cells : destinations[position]) {
            for (std::size_t piece = 0; piece < cells.size(); ++piece) {
                const int cell = cells[piece];
                check_write(index, {cell, packet});
                if (cells_.place(cell).gpu != process.gpu && process.launch == 0) ++remote_pieces_;
                if (reduces(op.kind)) {
                    if (piece < sums.size())
                        written.emplace_back(cell, sums[piece], sum_trees[piece]);
                    else
                        written.emplace_back(cell, Contents{}, -1);
                    continue;
                }
                if (sources.empty()) continue;
                const auto& source = sources[std::min(position, sources.size() - 1)].front();
                if (piece < source.size())
                    written.emplace_back(cell, contents_[static_cast<std::size_t>(source[piece])],
                                         trees_[static_cast<std::size_t>(source[piece])]);
                else
                    written.emplace_back(cell, Contents{}, -1);
            }
        }
    }
    for (auto& [cell, value, tree] : written) {
        contents_[static_cast<std::size_t>(cell)] = std::move(value);
        trees_[static_cast<std::size_t>(cell)] = tree;
    }
    for (std::size_t position = 0; position < destinations.size(); ++position) {
        if (!writes_packets(op.kind, position)) continue;
        for (const std::vector<int>& cells : destinations[position])
            for (int cell : cells) {
                history_[static_cast<std::size_t>(cell)].packet =
                    static_cast<int>(packet_tokens_.size());
                packet_tokens_.push_back(token(index, false));
            }
    }
    if (is_signal(op.kind)) {
        const bool relaxed = op.kind == OperationKind::relaxed_signal && relaxed_channel;
        // A full signal fences first (memory channel signal(): a release).
        if (!relaxed) process.fenced = process.strong;
        for (const MailboxKey& key : mailboxes(process, op, true)) {
            mailboxes_[key].push_back(token(index, relaxed));
            ++(relaxed ? figures.synchronization.relaxed_signals : figures.synchronization.signals);
        }
    }
    if (op.kind == OperationKind::semaphore_release) process.fenced = process.strong;
    if (op.kind == OperationKind::semaphore_release)
        for (int id : op.semaphores)
            semaphores_[{process.gpu, id}].releases.push_back(token(index, false));
    ++process.next;
}

void Run::finish(RunResult& result) {
    // Cells some step not run would still write as packets: a packet read
    // blocked on them waits for a writer that is itself stuck, a deadlock.
    std::set<int> pending_packets;
    std::vector<int> blocked;
    for (std::size_t index = 0; index < processes_.size(); ++index) {
        const Process& process = processes_[index];
        if (process.next == process.steps.size()) continue;
        blocked.push_back(static_cast<int>(index));
        for (std::size_t step = process.next; step < process.steps.size(); ++step) {
            const Operation& op = *process.steps[step].operation;
            for (std::size_t position = 0; position < op.destinations.size(); ++position)
                if (writes_packets(op.kind, position))
                    for (const auto& cells : range_cells(process.steps[step],
                                                         op.destinations[position], process.launch))
                        pending_packets.insert(cells.begin(), cells.end());
        }
    }
    result.completed = blocked.empty();
    std::vector<ProgramPoint> stuck;
    for (int index : blocked) {
        const Process& process = processes_[static_cast<std::size_t>(index)];
        if (!process.started) continue;  // its launch never began: a consequence
        const PlanStep& step = process.steps[process.next];
        const Operation& op = *step.operation;
        int unwritten = -1;
        for (std::size_t position = 0; position < op.sources.size() && unwritten < 0; ++position) {
            if (!waits_for_packets(op.kind, position)) continue;
            for (const auto& cells : range_cells(step, op.sources[position], process.launch))
                for (int cell : cells)
                    if (!has_packet(cell, process.launch) && !pending_packets.contains(cell) &&
                        unwritten < 0)
                        unwritten = cell;
        }
        if (unwritten >= 0) {
            if (violations_.count(kinds::packet_unwritten)) {
                Violation violation;
                violation.kind = kinds::packet_unwritten;
                violation.rank = process.gpu;
                violation.points = {point(index, static_cast<int>(process.next),
                                          "spins on a packet flag no operation writes", unwritten)};
                violation.thread_block = violation.points.front().thread_block;
                violation.step = violation.points.front().step;
                violation.detail =
                    "the packet is read before anything writes it, so the "
                    "reader waits for its flag forever";
                violations_.record(std::move(violation));
            }
            continue;
        }
        std::string what = "waits";
        if (op.kind == OperationKind::wait || op.kind == OperationKind::relaxed_wait) {
            what = "waits for a signal that never comes on";
            const char* separator = " ";
            for (const MailboxKey& key : mailboxes(process, op, false)) {
                if (!mailboxes_[key].empty()) continue;
                what += separator + std::string(channel_name(std::get<1>(key))) +
                        " channel from gpu " + std::to_string(std::get<2>(key)) + " (pair " +
                        std::to_string(std::get<3>(key)) + ")";
                separator = ", ";
            }
        } else if (op.kind == OperationKind::semaphore_acquire) {
            what = "acquires a semaphore nothing releases";
        } else if (op.kind == OperationKind::barrier) {
            what = "waits at barrier " + std::to_string(op.barrier_id) + " for " +
                   std::to_string(op.barrier_thread_blocks) + " thread blocks";
        } else {
            what = "reads packets whose writer is stuck";
        }
        stuck.push_back(point(index, static_cast<int>(process.next), what));
    }
    if (!stuck.empty() && violations_.count(kinds::deadlock)) {
        Violation violation;
        violation.kind = kinds::deadlock;
        violation.rank = stuck.front().gpu;
        violation.thread_block = stuck.front().thread_block;
        violation.step = stuck.front().step;
        violation.points = stuck;
        violation.detail = std::to_string(stuck.size()) +
                           " thread blocks wait for one another or for what nothing does";
        violations_.record(std::move(violation));
    }
    // What is left over starts the next launch with the wrong counts (in a
    // deadlock, what the stuck thread blocks did not take is left over too).
    for (const auto& [key, mailbox] : mailboxes_) {
        if (!result.completed || mailbox.empty() ||
            !violations_.count(kinds::signal_count_mismatch))
            continue;
        const auto& [receiver, kind, sender, ordinal] = key;
        Violation violation;
        violation.kind = kinds::signal_count_mismatch;
        violation.rank = sender;
        violation.points = {point(mailbox.front().process, mailbox.front().step,
                                  "signals, and no wait consumes it")};
        violation.thread_block = violation.points.front().thread_block;
        violation.step = violation.points.front().step;
        violation.detail = std::to_string(mailbox.size()) + " signal(s) on the " +
                           channel_name(kind) + " channel gpu " + std::to_string(sender) +
                           " -> gpu " + std::to_string(receiver) + " (pair " +
                           std::to_string(ordinal) + ") are never waited for";
        violations_.record(std::move(violation));
    }
    for (const auto& [key, semaphore] : semaphores_) {
        if (!result.completed || semaphore.releases.empty() ||
            !violations_.count(kinds::signal_count_mismatch))
            continue;
        Violation violation;
        violation.kind = kinds::signal_count_mismatch;
        violation.rank = key.first;
        violation.points = {point(semaphore.releases.front().process,
                                  semaphore.releases.front().step,
                                  "releases, and no acquire takes it")};
        violation.thread_block = violation.points.front().thread_block;
        violation.step = violation.points.front().step;
        violation.detail = "semaphore " + std::to_string(key.second) + " of gpu " +
                           std::to_string(key.first) + " is released " +
                           std::to_string(semaphore.releases.size()) +
                           " time(s) more than it is acquired";
        violations_.record(std::move(violation));
    }
    for (const Process& process : processes_)
        if (process.launch == 0 && !process.caller)
            figures_.critical_path = std::max(figures_.critical_path, process.depth);
    figures_.synchronization.remote_chunks_written = remote_pieces_ / cells_.pieces();
}

RunResult Run::run() {
    bool progress = true;
    while (progress) {
        progress = false;
        for (std::size_t index = 0; index < processes_.size(); ++index) {
            Process& process = processes_[index];
            if (process.caller) {
                progress = run_caller(static_cast<int>(index)) || progress;
                continue;
            }
            while (process.next < process.steps.size() && can_run(static_cast<int>(index))) {
                execute(static_cast<int>(index));
                progress = true;
            }
        }
    }
    RunResult result;
    finish(result);
    result.contents = std::move(contents_);
    result.trees = std::move(trees_);
    result.reduction_trees = std::move(trees_pool_);
    result.figures = figures_;
    return result;
}

}  // namespace

RunResult run_plan(const Plan& plan, const CellLayout& cells, msccl::ViolationSink& violations) {
    return Run(plan, cells, violations).run();
}

}  // namespace trivcheck::mscclpp
