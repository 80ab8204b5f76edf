#include "checker/mscclpp/cell_tracking.hpp"

#include <algorithm>
#include <optional>

#include "checker/mscclpp/kernel_operation.hpp"

namespace trivcheck::mscclpp {

namespace {

/// Whether the collective sums contributions (the others make no sums).
bool reduces(const Plan& plan) {
    return plan.collective == "allreduce" || plan.collective == "reducescatter";
}

}  // namespace

CellTracking::CellTracking(const RunState& state, msccl::ViolationSink& violations)
    : state_(state),
      checks_(state, violations),
      values_(state.cells.count(),
              state.launches * static_cast<int>(state.plan.gpus.size()) * state.input_stride *
                  state.cells.pieces(),
              reduces(state.plan)) {
    // Start: input piece p of chunk c of gpu g holds contribution (g, c, p).
    for (const Gpu& gpu : state_.plan.gpus)
        for (int chunk = 0; chunk < gpu.input_chunks; ++chunk)
            for (int piece = 0; piece < state_.cells.pieces(); ++piece)
                values_.start(state_.cells.cell(gpu.id, BufferKind::input, chunk, piece),
                              state_.input_contribution(0, gpu.id, chunk, piece));
}

RangesCellsView CellTracking::ranges_cells(const PlanStep& step,
                                           std::span<const BufferRange> ranges, int launch,
                                           RangesCells& kept) const {
    if (kept.size() < ranges.size()) kept.resize(ranges.size());
    for (std::size_t position = 0; position < ranges.size(); ++position)
        state_.fill_range_cells(step, ranges[position], launch, kept[position]);
    return RangesCellsView(kept).first(ranges.size());
}

void CellTracking::track(const StepClocks& step) {
    const Process& process = state_.processes[static_cast<std::size_t>(step.process)];
    if (process.caller) {
        track_caller(step, process);
        return;
    }
    if (process.proxy) {
        track_proxy(step);
        return;
    }
    const PlanStep& plan_step = process.steps[static_cast<std::size_t>(step.step)];
    // A get's ranges as handleGet addresses them (kernel_operation.hpp).
    const std::optional<Operation> swapped =
        get_indexes_swapped(*plan_step.operation)
            ? std::optional<Operation>(as_kernel_addresses(*plan_step.operation))
            : std::nullopt;
    const Operation& op = swapped ? *swapped : *plan_step.operation;
    const ThreadRanges by_threads = thread_ranges(op);
    const RangesCellsView sources = ranges_cells(plan_step, op.sources, process.launch, sources_);
    if (by_threads.sources)
        for (std::size_t position = 0; position < sources.size(); ++position)
            check_reads(step, sources[position], waits_for_packets(op.kind, position));
    // The proxy writes a port put's destination (track_proxy).
    if (!by_threads.destinations) return;
    const RangesCellsView destinations =
        ranges_cells(plan_step, op.destinations, process.launch, destinations_);
    for (const auto& destination : destinations)
        for (const std::vector<int>& cells : destination)
            for (const int cell : cells) {
                checks_.check_write(step, cell);
                if (process.launch == 0 && !state_.cells.on_gpu(cell, process.gpu))
                    ++remote_pieces_;
            }
    values_.step_values(op, sources, destinations, written_);
    for (const auto& [cell, value] : written_) values_.set(cell, value);
}

void CellTracking::check_reads(const StepClocks& step, const std::vector<std::vector<int>>& range,
                               bool packets) {
    for (const std::vector<int>& cells : range)
        for (const int cell : cells) {
            if (packets)
                checks_.check_packet_read(step, cell);
            else
                checks_.check_read(step, cell);
        }
}

void CellTracking::track_proxy(const StepClocks& step) {
    const PortProxy& proxy = state_.proxies.of_process(step.process);
    const ProxyRequest& request = proxy.requests[static_cast<std::size_t>(step.step)];
    const Process& issuer = state_.processes[static_cast<std::size_t>(proxy.issuer)];
    const PlanStep& plan_step = issuer.steps[static_cast<std::size_t>(request.step)];
    const Operation& op = *plan_step.operation;
    // Thread `position` pushed the put of destination `position` from its
    // source (handlePut: inputBufferRefs[tid]; handleReadPutPackets: the one source).
    const auto position = static_cast<std::size_t>(request.position);
    const BufferRange source[] = {op.sources[std::min(position, op.sources.size() - 1)]};
    const BufferRange destination[] = {op.destinations[position]};
    const RangesCellsView sources = ranges_cells(plan_step, source, issuer.launch, sources_);
    check_reads(step, sources.front(),
                waits_for_packets(op.kind, std::min(position, op.sources.size() - 1)));
    const RangesCellsView destinations =
        ranges_cells(plan_step, destination, issuer.launch, destinations_);
    for (const std::vector<int>& cells : destinations.front())
        for (const int cell : cells) {
            checks_.check_write(step, cell);
            if (issuer.launch == 0 && !state_.cells.on_gpu(cell, issuer.gpu)) ++remote_pieces_;
        }
    values_.step_values(op, sources, destinations, written_);
    for (const auto& [cell, value] : written_) values_.set(cell, value);
}

void CellTracking::track_caller(const StepClocks& step, const Process& caller) {
    // The caller reads what the launch left in its output (the stream's
    // order makes that launch's own writes visible; a peer's need a signal).
    for (const int cell : state_.output_cells(caller.gpu, caller.launch - 1))
        checks_.check_read(step, cell);
    if (caller.launch == state_.launches) return;
    // ... and writes new input for the next launch.
    const Gpu& gpu = state_.plan.gpus[static_cast<std::size_t>(caller.gpu)];
    for (int chunk = 0; chunk < gpu.input_chunks; ++chunk)
        for (int piece = 0; piece < state_.cells.pieces(); ++piece) {
            const int cell =
                state_.cells.cell(gpu.id, BufferKind::input, chunk, piece, caller.launch);
            checks_.check_write(step, cell);
            values_.start(cell, state_.input_contribution(caller.launch, gpu.id, chunk, piece));
        }
}

}  // namespace trivcheck::mscclpp
