#include "checker/mscclpp/run_violations.hpp"

#include "checker/mscclpp/violation_kinds.hpp"

namespace trivcheck::mscclpp {

void RunViolations::report_pair(ViolationKind kind, const Access& earlier, int process, int cell,
                                const char* earlier_note, const char* later_note) {
    const int step = static_cast<int>(state_.processes[static_cast<std::size_t>(process)].next);
    if (!reported_.emplace(kind, earlier.process, earlier.step, process, step).second) return;
    if (!violations_.count(kind)) return;
    Violation violation;
    violation.kind = kind;
    const ProgramPoint first = state_.point(earlier.process, earlier.step, earlier_note, cell);
    const ProgramPoint second = state_.point(process, step, later_note, cell);
    violation.rank = second.gpu;
    violation.thread_block = second.thread_block;
    violation.step = second.step;
    violation.points = {first, second};
    const CellLayout::Place place = state_.cells.place(cell);
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

void RunViolations::check_pair(const Access& earlier, int process, int cell,
                               const char* earlier_note, const char* later_note) {
    if (earlier.process < 0 || earlier.process == process) return;
    const ProcessClocks& clocks = state_.processes[static_cast<std::size_t>(process)].clocks;
    // Strong and weak as one clock (no relaxed signal on the way): its entry
    // is looked up once.
    if (state_.clocks.weak_entry(clocks, process, earlier.process) < earlier.clock())
        report_pair(kinds::race, earlier, process, cell, earlier_note, later_note);
    else if (!clocks.strong.shares(clocks.weak) &&
             state_.clocks.strong_entry(clocks, process, earlier.process) < earlier.clock())
        report_pair(kinds::stale_read, earlier, process, cell, earlier_note, later_note);
}

void RunViolations::check_read(int process, int cell) {
    const Process& reader = state_.processes[static_cast<std::size_t>(process)];
    CellHistory& history = state_.history[static_cast<std::size_t>(cell)];
    check_pair(history.write, process, cell, "writes", "reads");
    const Access read{process, static_cast<int>(reader.next)};
    if (history.first_read.process < 0) {
        history.first_read = read;
        return;
    }
    // The reads stay in order, each process's latest last.
    std::vector<Access>* later =
        history.later_reads < 0
            ? nullptr
            : &state_.later_reads[static_cast<std::size_t>(history.later_reads)];
    if (later != nullptr)
        std::erase_if(*later, [&](const Access& earlier) { return earlier.process == process; });
    if (history.first_read.process == process) {
        if (later == nullptr || later->empty()) {
            history.first_read = read;
            return;
        }
        history.first_read = later->front();
        later->erase(later->begin());
    }
    if (later == nullptr) {
        history.later_reads = static_cast<int>(state_.later_reads.size());
        later = &state_.later_reads.emplace_back();
    }
    later->push_back(read);
}

void RunViolations::check_write(int process, int cell) {
    const Process& writer = state_.processes[static_cast<std::size_t>(process)];
    CellHistory& history = state_.history[static_cast<std::size_t>(cell)];
    check_pair(history.write, process, cell, "writes", "writes");
    const auto check_read_before = [&](const Access& read) {
        if (read.process != process &&
            state_.clocks.weak_entry(writer.clocks, process, read.process) < read.clock())
            report_pair(kinds::race, read, process, cell, "reads", "writes");
    };
    if (history.first_read.process >= 0) {
        check_read_before(history.first_read);
        if (history.later_reads >= 0) {
            std::vector<Access>& later =
                state_.later_reads[static_cast<std::size_t>(history.later_reads)];
            for (const Access& read : later) check_read_before(read);
            later.clear();
        }
    }
    history.write = {process, static_cast<int>(writer.next)};
    history.first_read = {};
}

bool RunViolations::report_leftovers() {
    // Cells some step not run would still write as packets: a packet read
    // blocked on them waits for a writer that is itself stuck, a deadlock.
    std::set<int> pending_packets;
    std::vector<int> blocked;
    for (std::size_t index = 0; index < state_.processes.size(); ++index) {
        const Process& process = state_.processes[index];
        if (process.next == process.steps.size()) continue;
        blocked.push_back(static_cast<int>(index));
        for (std::size_t step = process.next; step < process.steps.size(); ++step) {
            const Operation& op = *process.steps[step].operation;
            for (std::size_t position = 0; position < op.destinations.size(); ++position)
                if (writes_packets(op.kind, position))
                    for (const auto& cells : state_.range_cells(
                             process.steps[step], op.destinations[position], process.launch))
                        pending_packets.insert(cells.begin(), cells.end());
        }
    }
    report_stuck(blocked, pending_packets);
    // What is left over starts the next launch with the wrong counts (in a
    // deadlock, what the stuck thread blocks did not take is left over too).
    if (blocked.empty()) report_unconsumed();
    return blocked.empty();
}

void RunViolations::report_stuck(const std::vector<int>& blocked,
                                 const std::set<int>& pending_packets) {
    std::vector<ProgramPoint> stuck;
    for (int index : blocked) {
        const Process& process = state_.processes[static_cast<std::size_t>(index)];
        if (!process.started) continue;  // its launch never began: a consequence
        const PlanStep& step = process.steps[process.next];
        const Operation& op = *step.operation;
        int unwritten = -1;
        for (std::size_t position = 0; position < op.sources.size() && unwritten < 0; ++position) {
            if (!waits_for_packets(op.kind, position)) continue;
            for (const auto& cells : state_.range_cells(step, op.sources[position], process.launch))
                for (int cell : cells)
                    if (!state_.has_packet(cell, process.launch) &&
                        !pending_packets.contains(cell) && unwritten < 0)
                        unwritten = cell;
        }
        if (unwritten >= 0) {
            if (violations_.count(kinds::packet_unwritten)) {
                Violation violation;
                violation.kind = kinds::packet_unwritten;
                violation.rank = process.gpu;
                violation.points = {state_.point(index, static_cast<int>(process.next),
                                                 "spins on a packet flag no operation writes",
                                                 unwritten)};
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
            for (int channel : op.channels) {
                if (!state_.mailbox(process, op, channel, false).empty()) continue;
                const MailboxKey& key = state_.mailbox_index.key(
                    state_.mailbox_index.of(process.gpu, op, channel, false));
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
        stuck.push_back(state_.point(index, static_cast<int>(process.next), what));
    }
    if (stuck.empty() || !violations_.count(kinds::deadlock)) return;
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

void RunViolations::report_unconsumed() {
    for (int index = 0; index < state_.mailbox_index.count(); ++index) {
        const TokenQueue& mailbox = state_.mailboxes[static_cast<std::size_t>(index)];
        if (mailbox.empty() || !violations_.count(kinds::signal_count_mismatch)) continue;
        const auto& [receiver, kind, sender, ordinal] = state_.mailbox_index.key(index);
        Violation violation;
        violation.kind = kinds::signal_count_mismatch;
        violation.rank = sender;
        violation.points = {state_.point(mailbox.front().process, mailbox.front().step,
                                         "signals, and no wait consumes it")};
        violation.thread_block = violation.points.front().thread_block;
        violation.step = violation.points.front().step;
        violation.detail = std::to_string(mailbox.size()) + " signal(s) on the " +
                           channel_name(kind) + " channel gpu " + std::to_string(sender) +
                           " -> gpu " + std::to_string(receiver) + " (pair " +
                           std::to_string(ordinal) + ") are never waited for";
        violations_.record(std::move(violation));
    }
    for (std::size_t gpu = 0; gpu < state_.first_semaphore.size(); ++gpu)
        report_unacquired(static_cast<int>(gpu));
}

void RunViolations::report_unacquired(int gpu) {
    const std::size_t count = state_.plan.gpus[static_cast<std::size_t>(gpu)].semaphores.size();
    for (std::size_t id = 0; id < count; ++id) {
        const SemaphoreState& semaphore = state_.semaphore(gpu, static_cast<int>(id));
        if (semaphore.releases.empty() || !violations_.count(kinds::signal_count_mismatch))
            continue;
        Violation violation;
        violation.kind = kinds::signal_count_mismatch;
        violation.rank = gpu;
        violation.points = {state_.point(semaphore.releases.front().process,
                                         semaphore.releases.front().step,
                                         "releases, and no acquire takes it")};
        violation.thread_block = violation.points.front().thread_block;
        violation.step = violation.points.front().step;
        violation.detail = "semaphore " + std::to_string(id) + " of gpu " + std::to_string(gpu) +
                           " is released " + std::to_string(semaphore.releases.size()) +
                           " time(s) more than it is acquired";
        violations_.record(std::move(violation));
    }
}

}  // namespace trivcheck::mscclpp
