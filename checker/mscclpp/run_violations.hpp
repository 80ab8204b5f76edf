#pragma once
#include <set>
#include <tuple>

#include "checker/msccl/violation_sink.hpp"
#include "checker/mscclpp/run_state.hpp"

namespace trivcheck::mscclpp {

/// What a run of a plan reports about its accesses as they happen (race,
/// stale_read) and about what is left when no process can move (deadlock,
/// packet_unwritten, signal_count_mismatch).
class RunViolations {
  public:
    RunViolations(RunState& state, msccl::ViolationSink& violations)
        : state_(state), violations_(violations) {}

    /// Process `process` reads `cell` in its current step: checked against
    /// the cell's last write, then remembered.
    void check_read(int process, int cell);
    /// Process `process` writes `cell` in its current step: checked against
    /// the cell's last write and the reads since, then remembered.
    void check_write(int process, int cell);
    /// After the run, what the processes that did not finish, the signals
    /// nobody waited for and the releases nobody acquired mean. Returns
    /// whether every process finished.
    bool report_leftovers();

  private:
    /// Whether `earlier` happens before the current step of `process`:
    /// not at all (a race), only weakly (a stale read), or strongly.
    void check_pair(const Access& earlier, int process, int cell, const char* earlier_note,
                    const char* later_note);
    void report_pair(ViolationKind kind, const Access& earlier, int process, int cell,
                     const char* earlier_note, const char* later_note);
    void report_stuck(const std::vector<int>& blocked, const std::set<int>& pending_packets);
    void report_unconsumed();
    /// The releases of gpu `gpu`'s semaphores that no acquire took.
    void report_unacquired(int gpu);

    RunState& state_;
    msccl::ViolationSink& violations_;
    std::set<std::tuple<ViolationKind, int, int, int, int>> reported_;
};

}  // namespace trivcheck::mscclpp
