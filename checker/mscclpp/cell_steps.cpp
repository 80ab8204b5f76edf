#include "checker/mscclpp/cell_steps.hpp"

namespace trivcheck::mscclpp {

void CellSteps::apply(const CellStep& step) {
    if (state_.history.empty())
        state_.history.resize(static_cast<std::size_t>(state_.cells.count()));
    if (step.plan_step == nullptr) {
        apply_caller(step);
        return;
    }
    const Operation& op = *step.plan_step->operation;
    const int gpu = state_.processes[static_cast<std::size_t>(step.process)].gpu;
    const RangesCellsView sources =
        state_.ranges_cells(*step.plan_step, op.sources, step.launch, sources_);
    for (const auto& source : sources)
        for (const std::vector<int>& cells : source)
            for (int cell : cells) violations_.check_read(step, cell);
    const RangesCellsView destinations =
        state_.ranges_cells(*step.plan_step, op.destinations, step.launch, destinations_);
    for (const auto& destination : destinations)
        for (const std::vector<int>& cells : destination)
            for (int cell : cells) {
                violations_.check_write(step, cell);
                if (step.launch == 0 && !state_.cells.on_gpu(cell, gpu)) ++remote_pieces_;
            }
    state_.values.step_values(op, sources, destinations, written_);
    for (const auto& [cell, value] : written_) state_.values.set(cell, value);
}

void CellSteps::apply_caller(const CellStep& caller) {
    const int gpu = state_.processes[static_cast<std::size_t>(caller.process)].gpu;
    // The caller reads what the launch left in its output (the stream's
    // order makes that launch's own writes visible; a peer's need a signal).
    for (int cell : state_.output_cells(gpu, caller.launch - 1))
        violations_.check_read(caller, cell);
    if (caller.launch == launches) return;
    // ... and writes new input for the next launch.
    const int chunks = state_.plan.gpus[static_cast<std::size_t>(gpu)].input_chunks;
    for (int chunk = 0; chunk < chunks; ++chunk)
        for (int piece = 0; piece < state_.cells.pieces(); ++piece) {
            const int cell = state_.cells.cell(gpu, BufferKind::input, chunk, piece, caller.launch);
            violations_.check_write(caller, cell);
            state_.values.start(cell, state_.input_contribution(caller.launch, gpu, chunk, piece));
        }
}

}  // namespace trivcheck::mscclpp
