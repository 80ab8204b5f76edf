#pragma once
#include <array>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "checker/core/report.hpp"
#include "checker/mscclpp/mailbox.hpp"
#include "checker/mscclpp/one_sided_run.hpp"
#include "checker/mscclpp/paged_clock.hpp"
#include "checker/mscclpp/plan.hpp"
#include "checker/mscclpp/plan_cells.hpp"
#include "checker/mscclpp/plan_steps.hpp"
#include "checker/mscclpp/port_proxy.hpp"

namespace trivcheck::mscclpp {

/// A thread block's (or the caller's) knowledge of what happened before its
/// current step (docs/mscclpp.md, Ordering): `weak` through every signal,
/// `strong` only through those that make data visible.
struct ProcessClocks {
    /// Without this process's own entry (`own`): nothing beside their trees.
    PagedClock strong, weak;
    /// The strong clock as of this process's launch start (the kernel
    /// boundary), its own entry beside: all that a relaxed hand-over from
    /// it makes visible (docs/mscclpp.md, Relaxed forms).
    PagedClock fenced;
    /// This process's own entry (its steps begun), kept apart from `strong`
    /// and `weak`, and handed on beside them: a step costs no new page.
    int own = 0;
    /// The least `own` a token of this process carries the current `strong`
    /// and `weak` trees with: a clock whose entry for this process is at
    /// least this knows everything these trees hold (it learned them with
    /// that entry), so joining it into them is taking it.
    int trees_since = 0;
    /// Longest happens-before chain so far, in operations other than nop.
    int depth = 0;
    /// `strong` and `weak` are what the block's first threads know (tid <
    /// nChannels: they alone signal and wait). What every thread knows
    /// (docs/mscclpp.md, Threads): the trees as of the threads' latest join
    /// (the block's start, a nop, a barrier), with the packets read since.
    /// The steps that move data with all threads access cells with these.
    PagedClock all_strong, all_weak;
    /// The steps whose every effect the first threads know (a prefix, as
    /// `own`): every step up to the latest join and the first threads' own
    /// steps after it up to the first that all threads did. A signal or
    /// release hands this entry on, not `own`.
    int published = 0;

    /// The threads join (a nop, a barrier, the start): what the first knew,
    /// all know, and every step so far is theirs to publish.
    void join_threads() {
        all_strong = strong;
        all_weak = weak;
        published = own;
    }
};

/// What a signal, a release, a packet write or a barrier hands to whoever it
/// satisfies: the clocks at the moment it happened.
struct Token {
    PagedClock strong;
    PagedClock weak;
    /// The strong clock as of the giver's launch start: all that a relaxed
    /// hand-over (a relaxed signal or wait, a packet) makes visible, what
    /// the giver's stream completed before its kernel began; nothing the
    /// launch wrote, even before a full signal or a release of the giver's
    /// (no acquire takes them).
    PagedClock fenced;
    int depth = 0;
    /// A relaxed signal orders nothing it did itself: the waiter joins `weak`
    /// and `fenced`, not `strong`.
    bool relaxed = false;
    int process = -1;
    int step = -1;
    int launch = 0;
};

/// The vector clocks of one run: every process's entries and the pages they share.
class RunClocks {
  public:
    /// Clocks over processes whose entries are at `slots` (per process, its
    /// entry's position) that run `steps` steps in all.
    RunClocks(std::vector<int> slots, std::int64_t steps);
    /// Its reader points at its pages: not copied, not moved.
    RunClocks(const RunClocks&) = delete;
    RunClocks& operator=(const RunClocks&) = delete;

    /// Entry `process` of `clock`, read through `reader` (a thread's own).
    int entry(const ClockReader& reader, const PagedClock& clock, int process) const {
        return clock.at(reader, slot(process));
    }
    /// The pages every clock of the run is made of, for a reader of another thread.
    const ClockPages& pages() const { return pages_; }
    /// `clocks` (of process `self`) as a token, for whoever it satisfies,
    /// with `entry` for `self` (its `own`, or `published` for what its
    /// first threads signal).
    Token token(ProcessClocks& clocks, int self, bool relaxed, int entry);
    Token token(ProcessClocks& clocks, int self, bool relaxed) {
        return token(clocks, self, relaxed, clocks.own);
    }
    /// Every thread of a block learns the packets its step read (`token`'s
    /// trees joined into `clocks.all_*`).
    void join_all_threads(ProcessClocks& clocks, const Token& token);
    /// What `clocks` (of process `self`) learns from `token`.
    void join_token(ProcessClocks& clocks, int self, const Token& token);
    /// Every entry of `into` becomes the larger of its own and `token`'s (a
    /// barrier's or a launch's end, gathering several processes).
    void join_all(Token& into, const Token& token);
    /// Whether `gathered` holds all that `clocks` (of process `self`, at its
    /// end) hold, weakly and strongly: its entries for `self` are at least
    /// `self`'s last step, and a clock learns an entry only with the
    /// giver's trees of that step (ProcessClocks::trees_since).
    bool knows_end(const Token& gathered, int self, const ProcessClocks& clocks) const {
        return clocks.own > 0 && gathered.weak.at(reader_, slot(self)) >= clocks.own &&
               gathered.strong.at(reader_, slot(self)) >= clocks.own;
    }
    /// The kernel boundary: what `clocks` (of process `self`) knows at its
    /// launch's start, up to its step `entry`, becomes what a relaxed
    /// hand-over from it makes visible.
    void fence(ProcessClocks& clocks, int self, int entry);
    void fence(ProcessClocks& clocks, int self) { fence(clocks, self, clocks.own); }

  private:
    /// `tree` (of process `self`, trees unchanged since its entry `since`)
    /// joined with `giver`: taken whole when the giver already knew it.
    void learn(PagedClock& tree, int self, int since, const PagedClock& giver);

    int slot(int process) const { return slots_[static_cast<std::size_t>(process)]; }

    std::vector<int> slots_;
    ClockPages pages_;
    /// This thread's reader of pages_ (the run's own; race checks may run on another).
    ClockReader reader_;
};

/// One access of a cell: by `process` in its step `step`.
struct Access {
    int process = -1;
    int step = -1;
    /// The process's own clock entry during the step: steps begun (the
    /// caller, which has no steps, accesses in its step 0 with entry 1).
    int clock() const { return step + 1; }
};

/// 20 bytes a cell: most cells are read at most once between writes, so the
/// reads since the last write keep their first inline and only the others
/// in RaceChecks' later reads (a vector per cell was 7.3 million allocations at
/// 1,024 ranks).
///
/// Kept as each number plus one, so that a cell with no access yet is zero
/// bytes (ZeroedArray: memory the kernel clears only once a cell is
/// touched, not all 163 MB before the first step is tracked).
class CellHistory {
  public:
    Access write() const { return {write_[0] - 1, write_[1] - 1}; }
    void set_write(Access write) { write_ = {write.process + 1, write.step + 1}; }
    /// The first read since `write` (process -1: none, and no later ones).
    Access first_read() const { return {first_read_[0] - 1, first_read_[1] - 1}; }
    void set_first_read(Access read) { first_read_ = {read.process + 1, read.step + 1}; }
    /// The reads after the first, in order: an index into RaceChecks'
    /// later reads, kept for the cell once it has had some; -1: none.
    int later_reads() const { return later_reads_ - 1; }
    void set_later_reads(int index) { later_reads_ = index + 1; }

  private:
    std::array<int, 2> write_{};
    std::array<int, 2> first_read_{};
    int later_reads_ = 0;
};

/// A thread block of one launch, or the caller between launches, run as a
/// sequential process.
struct Process {
    int gpu = 0;
    int block = 0;
    int launch = 0;
    /// The caller on the gpu's stream between launches (no steps): after
    /// launch `launch - 1` it reads the output, then writes new input for
    /// launch `launch` (none after the last).
    bool caller = false;
    /// The host proxy of one port channel of a thread block (PortProxies):
    /// no steps; its entry counts the requests it served.
    bool proxy = false;
    bool started = false;
    /// The thread block's steps, shared by its every launch.
    StepList steps;
    std::size_t next = 0;
    ProcessClocks clocks;
    /// Barrier: arrived and waiting for the others (the barrier's key), or released with.
    bool arrived = false;
    std::optional<Token> released;
};

/// Tokens first in, first out: a signal's mailbox or a semaphore's releases.
/// A vector and a position, not a deque's blocks: taken tokens stay until
/// the queue is empty again, and the next token starts it over in the same
/// room (a queue mostly holds one or two; kept to the run's end, the 1,024-
/// rank check's tokens took 22 MB).
class TokenQueue {
  public:
    bool empty() const { return head_ == tokens_.size(); }
    std::size_t size() const { return tokens_.size() - head_; }
    const Token& front() const { return tokens_[head_]; }
    Token take() { return tokens_[head_++]; }
    void push_back(const Token& token) {
        if (empty()) {
            tokens_.clear();
            head_ = 0;
        }
        tokens_.push_back(token);
    }

  private:
    std::vector<Token> tokens_;
    std::size_t head_ = 0;
};

struct SemaphoreState {
    int initial_left = 0;
    TokenQueue releases;
};

struct BarrierState {
    std::vector<int> arrived;
};

/// Everything a run of a plan tracks: the processes (every launch's thread
/// blocks, then the callers), what they signal, and every cell's value and
/// accesses.
struct RunState {
    RunState(const Plan& plan, const CellLayout& cells);

    /// The caller after launch `launch - 1` of gpu `gpu`.
    int caller_of(int gpu, int launch) const {
        return callers_begin + (launch - 1) * static_cast<int>(plan.gpus.size()) + gpu;
    }
    /// The processes of gpu `gpu`'s thread blocks in launch `launch`: [first, second).
    std::pair<int, int> blocks_of(int gpu, int launch) const {
        const int begin =
            launch * (callers_begin / launches) + first_block[static_cast<std::size_t>(gpu)];
        return {begin, begin + static_cast<int>(
                                   plan.gpus[static_cast<std::size_t>(gpu)].thread_blocks.size())};
    }
    /// Step `step` of process `process` (and cell `cell`, if any) in the plan's terms.
    ProgramPoint point(int process, int step, std::string note, int cell = -1) const;
    /// The cells of `range` that `step` touches, piece by piece (switch ranges:
    /// the same pieces on every gpu of the group, gpu by gpu).
    std::vector<std::vector<int>> range_cells(const PlanStep& step, const BufferRange& range,
                                              int launch) const;
    /// The same into `per_gpu`, whose vectors keep their room from step to step.
    void fill_range_cells(const PlanStep& step, const BufferRange& range, int launch,
                          std::vector<std::vector<int>>& per_gpu) const;
    /// The mailbox channel `channel` of `op` signals into (`outgoing`) or waits on.
    TokenQueue& mailbox(const Process& process, const Operation& op, int channel, bool outgoing) {
        return mailboxes[static_cast<std::size_t>(
            mailbox_index.of(process.gpu, op, channel, outgoing))];
    }
    /// The position of gpu `gpu`'s semaphore `id` among `semaphores`.
    int semaphore_index(int gpu, int id) const {
        return first_semaphore[static_cast<std::size_t>(gpu)] + id;
    }
    SemaphoreState& semaphore(int gpu, int id) {
        return semaphores[static_cast<std::size_t>(semaphore_index(gpu, id))];
    }
    /// Every piece of gpu `gpu`'s output (in place: where the input layout puts it).
    std::vector<int> output_cells(int gpu, int launch) const;
    /// Whether launch `launch` has written packets to `cell` (its flag is the launch's).
    bool has_packet(int cell, int launch) const {
        if (packets.empty()) return false;
        const int packet = packets[static_cast<std::size_t>(cell)];
        return packet >= 0 && packet_tokens[static_cast<std::size_t>(packet)].launch == launch;
    }
    /// Contribution id of `gpu`'s input piece as the caller writes it before `launch`.
    int input_contribution(int launch, int gpu, int chunk, int piece) const {
        return contribution_id(launch, gpu, chunk, piece, input_stride, cells.pieces(),
                               static_cast<int>(plan.gpus.size()));
    }

    const Plan& plan;
    const CellLayout& cells;
    /// launches_of(plan): two, three with double scratch.
    int launches = 2;
    /// Per thread block (gpu by gpu), its steps where a pipeline unrolls;
    /// none where its operations are its steps.
    std::vector<std::optional<std::vector<PlanStep>>> unrolled_steps;
    /// The port channels' proxies, after every other process (none without
    /// port channels).
    PortProxies proxies;
    std::vector<Process> processes;
    /// The steps of every process, every launch.
    std::int64_t steps_in_all = 0;
    int callers_begin = 0;
    /// Per gpu, its first thread block's position among one launch's.
    std::vector<int> first_block;
    int input_stride = 0;
    RunClocks clocks;
    std::vector<Token> packet_tokens;
    /// Per cell, its latest packet write, an index into packet_tokens; -1:
    /// none. Made at the first packet write: a plan without packets keeps
    /// none (4 bytes a cell, 29 MiB at 1,024 ranks).
    std::vector<int> packets;
    /// Cell `cell`'s entry of `packets`, made if need be.
    int& packet(int cell) {
        if (packets.empty()) packets.assign(static_cast<std::size_t>(cells.count()), -1);
        return packets[static_cast<std::size_t>(cell)];
    }
    MailboxIndex mailbox_index;
    /// Per mailbox (MailboxIndex's numbering, in the order of the keys), the signals not yet waited
    /// for.
    std::vector<TokenQueue> mailboxes;
    /// Every gpu's semaphores, gpu by gpu; per gpu, the position of its first.
    std::vector<SemaphoreState> semaphores;
    std::vector<int> first_semaphore;
    std::map<std::pair<int, int>, BarrierState> barriers;
};

}  // namespace trivcheck::mscclpp
