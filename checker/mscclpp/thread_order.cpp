#include "checker/mscclpp/thread_order.hpp"

#include <algorithm>
#include <optional>

#include "checker/mscclpp/kernel_operation.hpp"
#include "checker/mscclpp/violation_kinds.hpp"

namespace trivcheck::mscclpp {

ThreadOrder::ThreadOrder(const RunState& state)
    : state_(state),
      first_launch_processes_(state.callers_begin / state.launches),
      unjoined_(static_cast<std::size_t>(first_launch_processes_)) {}

void ThreadOrder::touch(int process, int step) {
    const Process& of = state_.processes[static_cast<std::size_t>(process)];
    const PlanStep plan_step = of.steps[static_cast<std::size_t>(step)];
    // A get's ranges as handleGet addresses them (kernel_operation.hpp); any
    // other operation as it is, not copied (112 bytes and their lists, for
    // each of the first launch's 2.2 million steps at 1,024 ranks).
    const std::optional<Operation> swapped =
        get_indexes_swapped(*plan_step.operation)
            ? std::optional<Operation>(as_kernel_addresses(*plan_step.operation))
            : std::nullopt;
    const Operation& op = swapped ? *swapped : *plan_step.operation;
    const ThreadPartition partition = thread_partition(op);
    touched_now_.clear();
    const auto lists = op.range_lists();
    const ThreadRanges by_threads = thread_ranges(op);
    for (std::size_t list = 0; list < 2; ++list)
        for (const BufferRange& range : lists[list]) {
            if (!(list == 0 ? by_threads.sources : by_threads.destinations)) continue;
            const PieceSpan span = step_pieces(plan_step, range.size, state_.cells.pieces());
            if (span.begin >= span.end) continue;
            for (const int gpu : state_.plan.range_gpus(range)) {
                Touched touched;
                touched.step = step;
                touched.writes = list == 1;
                touched.partition = partition;
                touched.range = range;
                const int pieces = state_.cells.pieces();
                const int first_chunk = range.index + span.begin / pieces;
                const int last_chunk = range.index + (span.end - 1) / pieces;
                touched.low = state_.cells.cell(gpu, range.buffer, first_chunk, span.begin % pieces,
                                                of.launch);
                touched.high = state_.cells.cell(gpu, range.buffer, last_chunk,
                                                 (span.end - 1) % pieces, of.launch);
                // One buffer's consecutive chunks are consecutive cells; a
                // range whose first and last cells lie further apart (part
                // aliased, part its own buffer's: CellLayout::cell) is not.
                touched.whole = touched.high - touched.low == span.end - span.begin - 1;
                if (!touched.whole) {
                    touched.low = 0;
                    touched.high = state_.cells.count() - 1;
                }
                touched_now_.push_back(touched);
            }
        }
}

int ThreadOrder::shared_cell(int process, const Touched& earlier, const Touched& later) {
    const int low = std::max(earlier.low, later.low);
    if (low > std::min(earlier.high, later.high)) return -1;
    if (earlier.whole && later.whole) return low;
    const Process& of = state_.processes[static_cast<std::size_t>(process)];
    const auto cells_of = [&](const Touched& touched, std::vector<int>& cells) {
        state_.fill_range_cells(of.steps[static_cast<std::size_t>(touched.step)], touched.range,
                                of.launch, per_gpu_);
        cells.clear();
        for (const std::vector<int>& gpu_cells : per_gpu_)
            cells.insert(cells.end(), gpu_cells.begin(), gpu_cells.end());
    };
    cells_of(earlier, earlier_cells_);
    cells_of(later, later_cells_);
    std::ranges::sort(earlier_cells_);
    for (const int cell : later_cells_)
        if (std::ranges::binary_search(earlier_cells_, cell)) return cell;
    return -1;
}

void ThreadOrder::step(int process, int step) {
    if (process >= first_launch_processes_) return;
    const Process& of = state_.processes[static_cast<std::size_t>(process)];
    const Operation& op = *of.steps[static_cast<std::size_t>(step)].operation;
    std::vector<Touched>& unjoined = unjoined_[static_cast<std::size_t>(process)];
    if (operation_threads(op) == OperationThreads::join)
        unjoined.clear();
    else
        find_races(process, step, op);
    // The block's last step: its list's room is given back for the blocks
    // still running to reuse (kept to the run's end, the lists of the
    // 1,024-rank check's 49,314 blocks took fresh memory that the kernel
    // first had to clear).
    if (static_cast<std::size_t>(step) + 1 == of.steps.size())
        std::vector<Touched>().swap(unjoined);
}

void ThreadOrder::find_races(int process, int step, const Operation& op) {
    std::vector<Touched>& unjoined = unjoined_[static_cast<std::size_t>(process)];
    if (op.sources.empty() && op.destinations.empty()) return;
    touch(process, step);
    int reported_step = -1;
    for (const Touched& earlier : unjoined) {
        if (earlier.step == reported_step) continue;
        for (const Touched& later : touched_now_) {
            if (!earlier.writes && !later.writes) continue;
            // The same cells from the same start, dealt alike: every byte
            // goes to the same thread in both (mscclpp::copy's threadId-th
            // element of every numThreads).
            if (earlier.partition == later.partition &&
                later.partition != ThreadPartition::multimem && earlier.whole && later.whole &&
                earlier.low == later.low && earlier.high == later.high)
                continue;
            const int cell = shared_cell(process, earlier, later);
            if (cell < 0) continue;
            found_.push_back({process, earlier.step, step, cell, earlier.writes, later.writes});
            reported_step = earlier.step;
            break;
        }
    }
    unjoined.insert(unjoined.end(), touched_now_.begin(), touched_now_.end());
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
