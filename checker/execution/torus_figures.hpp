#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "checker/execution/executor.hpp"

namespace trivcheck {

/// Watches an execution on a torus: after every step, the fewest and most
/// contributions a rank holds for one collective's part (any of its buffers),
/// over every rank and collective. Only meaningful for L forms, whose
/// collectives each move one block (schedule.blocks == D); empty otherwise.
class TorusCoverageObserver : public StepObserver {
  public:
    explicit TorusCoverageObserver(const Schedule& schedule);
    void after_step(int step, const ExecutionState& state) override;
    const std::vector<std::pair<std::int64_t, std::int64_t>>& coverage() const { return coverage_; }

  private:
    bool one_block_per_collective_ = false;
    std::vector<std::pair<std::int64_t, std::int64_t>> coverage_;
};

/// Adds report.torus (theta_relative = Θ·D, link loads per dimension and
/// direction per step, routed as the executor routes) and, for L forms, the
/// coverage the observer saw to report.per_step. No-op off a torus.
/// `orbit`: the rank orbit (models/rotation_orbit.hpp) whose model
/// `schedule` is, each transfer standing for its N translations (or its
/// translations by the orbit's symmetries); null: `schedule` is whole.
void add_torus_figures(const Schedule& schedule, const TorusCoverageObserver& coverage,
                       Report& report, const RotationOrbit* orbit = nullptr);

}  // namespace trivcheck
