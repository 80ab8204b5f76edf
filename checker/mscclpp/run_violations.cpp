#include "checker/mscclpp/run_violations.hpp"

#include "checker/mscclpp/violation_kinds.hpp"

namespace trivcheck::mscclpp {

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
