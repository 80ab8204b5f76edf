#include "checker/mscclpp/thread_order.hpp"

#include <algorithm>

#include "checker/mscclpp/kernel_ranges.hpp"
#include "checker/mscclpp/thread_split.hpp"
#include "checker/mscclpp/violation_kinds.hpp"

namespace trivcheck::mscclpp {

ThreadOrder::ThreadOrder(const RunState& state)
    : state_(state),
      first_launch_processes_(state.callers_begin / launches),
      unjoined_(static_cast<std::size_t>(first_launch_processes_)) {}

void ThreadOrder::step(int process, int step) {
    if (process >= first_launch_processes_) return;
    const Process& of = state_.processes[static_cast<std::size_t>(process)];
    const Operation& op = *of.steps[static_cast<std::size_t>(step)].operation;
    InlineVector<int, 2>& unjoined = unjoined_[static_cast<std::size_t>(process)];
    const OperationThreads threads = operation_threads(op);
    if (threads == OperationThreads::join) {
        unjoined.clear();
        return;
    }
    if (op.sources.empty() && op.destinations.empty()) return;
    for (const int earlier : unjoined) compare(process, earlier, step);
    unjoined.push_back(step);
}

void ThreadOrder::collect(int process, int step, std::vector<std::vector<int>>& ranges,
                          std::vector<bool>& writes) {
    const Process& of = state_.processes[static_cast<std::size_t>(process)];
    const PlanStep& plan_step = of.steps[static_cast<std::size_t>(step)];
    const Operation op = as_kernel_addresses(*plan_step.operation);
    writes.clear();
    std::size_t count = 0;
    const auto lists = op.range_lists();
    for (std::size_t list = 0; list < 2; ++list)
        for (const BufferRange& range : lists[list]) {
            state_.fill_range_cells(plan_step, range, of.launch, per_gpu_);
            if (ranges.size() == count) ranges.emplace_back();
            std::vector<int>& cells = ranges[count++];
            cells.clear();
            for (const std::vector<int>& gpu_cells : per_gpu_)
                cells.insert(cells.end(), gpu_cells.begin(), gpu_cells.end());
            writes.push_back(list == 1);
        }
}

void ThreadOrder::compare(int process, int earlier, int later) {
    const Process& of = state_.processes[static_cast<std::size_t>(process)];
    const Operation& first = *of.steps[static_cast<std::size_t>(earlier)].operation;
    const Operation& second = *of.steps[static_cast<std::size_t>(later)].operation;
    const ThreadPartition partition = thread_partition(first);
    // Two proxy requests are ordered by the proxy's queue, not by threads.
    if (partition == ThreadPartition::proxy && thread_partition(second) == partition) return;
    const bool same_partition =
        partition == thread_partition(second) && partition != ThreadPartition::multimem;
    collect(process, earlier, earlier_ranges_, earlier_writes_);
    collect(process, later, later_ranges_, later_writes_);
    for (std::size_t a = 0; a < earlier_writes_.size(); ++a)
        for (std::size_t b = 0; b < later_writes_.size(); ++b) {
            if (!earlier_writes_[a] && !later_writes_[b]) continue;
            const std::vector<int>& left = earlier_ranges_[a];
            const std::vector<int>& right = later_ranges_[b];
            // The same bytes from the same start, dealt alike: every byte
            // goes to the same thread in both (mscclpp::copy's threadId-th
            // element of every numThreads).
            if (same_partition && left == right) continue;
            std::vector<int> sorted = left;
            std::ranges::sort(sorted);
            for (const int cell : right)
                if (std::ranges::binary_search(sorted, cell)) {
                    found_.push_back(
                        {process, earlier, later, cell, earlier_writes_[a], later_writes_[b]});
                    return;
                }
        }
}

void ThreadOrder::report(msccl::ViolationSink& violations) const {
    for (const Found& found : found_) {
        if (!violations.count(kinds::race)) continue;
        Violation violation;
        violation.kind = kinds::race;
        const ProgramPoint first = state_.point(
            found.process, found.earlier, found.earlier_writes ? "writes" : "reads", found.cell);
        const ProgramPoint second = state_.point(
            found.process, found.later, found.later_writes ? "writes" : "reads", found.cell);
        violation.rank = second.gpu;
        violation.thread_block = second.thread_block;
        violation.step = second.step;
        violation.points = {first, second};
        const CellLayout::Place place = state_.cells.place(found.cell);
        violation.buffer = buffer_letter(place.buffer);
        violation.block = place.chunk;
        violation.detail =
            "one thread block, no nop or barrier between the two operations: every operation "
            "runs on all threads of the block (execution_kernel.hpp's op loop), and the two deal "
            "this cell to different threads, so one thread may reach it before another is done "
            "with it";
        violations.record(std::move(violation));
    }
}

}  // namespace trivcheck::mscclpp
