#pragma once
#include <set>

#include "checker/msccl/violation_sink.hpp"
#include "checker/mscclpp/run_state.hpp"

namespace trivcheck::mscclpp {

/// What a run of a plan reports about what is left when no process can
/// move (deadlock, packet_unwritten, signal_count_mismatch); RaceChecks
/// reports its accesses.
class RunViolations {
  public:
    RunViolations(RunState& state, msccl::ViolationSink& violations)
        : state_(state), violations_(violations) {}

    /// After the run, what the processes that did not finish, the signals
    /// nobody waited for and the releases nobody acquired mean. Returns
    /// whether every process finished.
    bool report_leftovers();

  private:
    void report_stuck(const std::vector<int>& blocked, const std::set<int>& pending_packets);
    void report_unconsumed();
    /// The releases of gpu `gpu`'s semaphores that no acquire took.
    void report_unacquired(int gpu);

    RunState& state_;
    msccl::ViolationSink& violations_;
};

}  // namespace trivcheck::mscclpp
