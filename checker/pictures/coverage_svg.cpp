#include "checker/pictures/coverage_svg.hpp"

#include <algorithm>
#include <stdexcept>

#include "checker/execution/executor.hpp"
#include "checker/pictures/svg_document.hpp"

namespace trivcheck {

namespace {

/// Copies one block's column of the state after the chosen step.
class CoverageObserver : public StepObserver {
  public:
    CoverageObserver(int step, int block, std::vector<char>& held)
        : step_(step), block_(block), held_(held) {}
    void after_step(int step, const ExecutionState& state) override {
        if (step != step_) return;
        const int n = state.ranks();
        held_.assign(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), 0);
        // Held in any buffer, as the report's coverage counts it.
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c)
                for (int buffer = 0; buffer < state.buffers(); ++buffer)
                    if (state.holds_contributor(r, buffer, block_, c))
                        held_[static_cast<std::size_t>(r) * static_cast<std::size_t>(n) +
                              static_cast<std::size_t>(c)] = 1;
    }

  private:
    int step_;
    int block_;
    std::vector<char>& held_;
};

}  // namespace

std::vector<char> held_contributions(const Schedule& schedule, int step, int block) {
    const int steps = static_cast<int>(schedule.steps.size());
    if (step < 0 || step >= steps)
        throw std::invalid_argument("step " + std::to_string(step) + " is not in 0.." +
                                    std::to_string(steps - 1));
    if (block < 0 || block >= schedule.blocks)
        throw std::invalid_argument("block " + std::to_string(block) + " is not in 0.." +
                                    std::to_string(schedule.blocks - 1));
    std::vector<char> held;
    CoverageObserver observer(step, block, held);
    ExecuteOptions options;
    options.observer = &observer;
    options.max_traced_violations = 0;
    execute(schedule, options);
    return held;
}

std::string coverage_svg(const Schedule& schedule, int step, int block,
                         const std::vector<Violation>& highlight) {
    const int steps = static_cast<int>(schedule.steps.size());
    const int n = schedule.ranks;
    const std::vector<char> held = held_contributions(schedule, step, block);

    const double cell = std::clamp(560.0 / n, 3.0, 18.0);
    const double left = 60;
    const double top = 70;
    const double grid = cell * n;
    // Wide enough for the caption lines whatever the grid's size.
    SvgDocument svg(std::max(left + grid + 40, 660.0), top + grid + 50);
    std::int64_t fewest = n;
    std::int64_t most = 0;
    for (int r = 0; r < n; ++r) {
        const auto row = held.begin() + static_cast<std::ptrdiff_t>(r) * n;
        const auto count = std::count(row, row + n, 1);
        fewest = std::min<std::int64_t>(fewest, count);
        most = std::max<std::int64_t>(most, count);
    }
    svg.text(left, 24,
             schedule.name + ": who holds whose contribution to block " + std::to_string(block) +
                 " after step " + std::to_string(step),
             14, "start");
    svg.text(left, 44,
             "row: rank, column: contributor; each rank holds " + std::to_string(fewest) +
                 (fewest == most ? "" : ".." + std::to_string(most)) + " of " + std::to_string(n) +
                 (highlight.empty() ? "" : "; red: violation"),
             12, "start");
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            const bool holds = held[static_cast<std::size_t>(r) * static_cast<std::size_t>(n) +
                                    static_cast<std::size_t>(c)];
            svg.rect(left + c * cell, top + r * cell, cell, cell, holds ? reduce_colour : "#f0f0f0",
                     cell >= 6 ? "white" : "none");
        }
    // Labels every few ranks, so large rings stay readable.
    const int label_every = std::max(1, (n + 15) / 16);
    for (int i = 0; i < n; i += label_every) {
        const double middle = (i + 0.5) * cell;
        svg.text(left - 6, top + middle + 4, std::to_string(i), 10, "end");
        svg.text(left + middle, top - 6, std::to_string(i), 10, "middle");
    }
    for (const Violation& violation : highlight) {
        const bool here = violation.block == block && violation.contributor >= 0 &&
                          violation.rank >= 0 &&
                          (violation.step == step || (violation.step < 0 && step == steps - 1));
        if (!here) continue;
        svg.rect(left + violation.contributor * cell, top + violation.rank * cell, cell, cell,
                 "none", violation_colour, 2.5);
    }
    svg.text(left, top + grid + 30,
             "filled: the rank's value for the block includes that contribution (as a set: a "
             "double count shows once)",
             11, "start");
    return svg.finish();
}

}  // namespace trivcheck
