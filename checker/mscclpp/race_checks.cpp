#include "checker/mscclpp/race_checks.hpp"

#include <algorithm>

#include "checker/mscclpp/violation_kinds.hpp"

namespace trivcheck::mscclpp {

RaceChecks::RaceChecks(const RunState& state, msccl::ViolationSink& violations)
    : state_(state),
      violations_(violations),
      reader_(state.clocks.pages()),
      history_(static_cast<std::size_t>(state.cells.count())) {}

void RaceChecks::report_pair(ViolationKind kind, const Access& earlier, const StepClocks& step,
                             int cell, const char* earlier_note, const char* later_note) {
    if (!reported_.emplace(kind, earlier.process, earlier.step, step.process, step.step).second)
        return;
    if (!violations_.count(kind)) return;
    Violation violation;
    violation.kind = kind;
    const ProgramPoint first = state_.point(earlier.process, earlier.step, earlier_note, cell);
    const ProgramPoint second = state_.point(step.process, step.step, later_note, cell);
    violation.rank = second.gpu;
    violation.thread_block = second.thread_block;
    violation.step = second.step;
    violation.points = {first, second};
    const CellLayout::Place place = state_.cells.place(cell);
    violation.buffer = buffer_letter(place.buffer);
    violation.block = place.chunk;
    if (kind == kinds::relaxed_publication)
        violation.detail =
            "a multimem store (.relaxed.sys) ordered before the access only through a relaxed "
            "signal or wait, which make no data visible; MSCCL++'s own NVLS all-reduce "
            "(allreduce_nvls_zero_copy.cu) closes the same way: check --allow "
            "relaxed_publication accepts it on purpose";
    else if (kind != kinds::stale_read)
        violation.detail =
            "no happens-before between the two accesses (signal/wait, semaphore, barrier, "
            "packet flag or program order)";
    else if (std::string(later_note) == "reads")
        violation.detail =
            "the read is ordered after the write only through a relaxed signal or wait, or a "
            "packet's flag, which do not make the written data visible";
    else
        violation.detail =
            "the second write is ordered after the first only through a relaxed signal or "
            "wait, or a packet's flag: the first may become visible last";
    violations_.record(std::move(violation));
}

void RaceChecks::check_pair(const Access& earlier, const StepClocks& step, int cell,
                            const char* earlier_note, const char* later_note, bool landed) {
    if (earlier.process < 0 || earlier.process == step.process) return;
    // Strong and weak as one clock (no relaxed signal on the way): its entry
    // is looked up once.
    if (state_.clocks.entry(reader_, step.weak, earlier.process) < earlier.clock())
        report_pair(kinds::race, earlier, step, cell, earlier_note, later_note);
    else if (!landed && !step.strong.shares(step.weak) &&
             state_.clocks.entry(reader_, step.strong, earlier.process) < earlier.clock())
        report_pair(multimem_store(earlier) ? kinds::relaxed_publication : kinds::stale_read,
                    earlier, step, cell, earlier_note, later_note);
}

bool RaceChecks::multimem_store(const Access& write) const {
    if (state_.proxies.is_proxy(write.process)) return false;
    const Process& of = state_.processes[static_cast<std::size_t>(write.process)];
    if (of.caller) return false;
    const OperationKind kind = of.steps[static_cast<std::size_t>(write.step)].operation->kind;
    return kind == OperationKind::multi_load_reduce_store || kind == OperationKind::multi_store ||
           kind == OperationKind::multi_store_packets;
}

void RaceChecks::check_read(const StepClocks& step, int cell) {
    check_pair(history_[static_cast<std::size_t>(cell)].write(), step, cell, "writes", "reads");
    remember_read(step, cell);
}

void RaceChecks::check_packet_read(const StepClocks& step, int cell) {
    // The reader spun until this launch's packet was in the cell: the write
    // it reads has landed (a read that the next write does not follow is a
    // race of its own, check_write).
    if (packet_seen_.empty()) packet_seen_.resize(history_.size());
    packet_seen_[static_cast<std::size_t>(cell)] = true;
    remember_read(step, cell);
}

void RaceChecks::remember_read(const StepClocks& step, int cell) {
    CellHistory& history = history_[static_cast<std::size_t>(cell)];
    const Access read{step.process, step.step};
    if (history.first_read().process < 0) {
        history.set_first_read(read);
        return;
    }
    // The reads stay in order, each process's latest last.
    std::vector<Access>* later =
        history.later_reads() < 0 ? nullptr
                                  : &later_reads_[static_cast<std::size_t>(history.later_reads())];
    if (later != nullptr)
        std::erase_if(*later,
                      [&](const Access& earlier) { return earlier.process == step.process; });
    if (history.first_read().process == step.process) {
        if (later == nullptr || later->empty()) {
            history.set_first_read(read);
            return;
        }
        history.set_first_read(later->front());
        later->erase(later->begin());
    }
    if (later == nullptr) {
        history.set_later_reads(static_cast<int>(later_reads_.size()));
        later = &later_reads_.emplace_back();
    }
    later->push_back(read);
}

void RaceChecks::check_write(const StepClocks& step, int cell) {
    CellHistory& history = history_[static_cast<std::size_t>(cell)];
    const bool landed = !packet_seen_.empty() && packet_seen_[static_cast<std::size_t>(cell)];
    check_pair(history.write(), step, cell, "writes", "writes", landed);
    if (landed) packet_seen_[static_cast<std::size_t>(cell)] = false;
    const auto check_read_before = [&](const Access& read) {
        if (read.process != step.process &&
            state_.clocks.entry(reader_, step.weak, read.process) < read.clock())
            report_pair(kinds::race, read, step, cell, "reads", "writes");
    };
    if (history.first_read().process >= 0) {
        check_read_before(history.first_read());
        if (history.later_reads() >= 0) {
            std::vector<Access>& later =
                later_reads_[static_cast<std::size_t>(history.later_reads())];
            for (const Access& read : later) check_read_before(read);
            later.clear();
        }
    }
    history.set_write({step.process, step.step});
    history.set_first_read({});
}

}  // namespace trivcheck::mscclpp
