#pragma once
#include <z3++.h>

#include <cstdint>

namespace trivcheck::proofs {

/// A wall-clock limit on one Z3 check, kept by a watchdog thread of ours
/// that interrupts the context when the time is up.
///
/// Z3's own `timeout` parameter is not used: in Z3 4.8.10 to 4.8.12 (Debian
/// 12 ships 4.8.12) its timer threads deadlock once a timer has fired and
/// the next one starts (Z3Prover/z3 pull request 5371), which hung
/// `prove --smt-timeout-ms 1` for good. An interrupted check answers unknown
/// or, seen here, sat with a model of nothing: the caller treats every answer
/// of an expired check as unknown ("timeout"). An interrupt that arrives
/// between checks is harmless to the next.
///
/// One watchdog thread serves every deadline of the process (started with
/// the first): a thread per check cost a fifth of the CPU time of the smt
/// engine's many small checks.
class SolverDeadline {
  public:
    /// Starts the clock; 0 means no limit.
    SolverDeadline(z3::context& context, unsigned timeout_ms);
    /// Stops the clock (the caller does so as soon as the check returns).
    ~SolverDeadline();
    SolverDeadline(const SolverDeadline&) = delete;
    SolverDeadline& operator=(const SolverDeadline&) = delete;

    /// Stops the clock; after this, expired() is final and the context is
    /// never interrupted for this deadline.
    void stop();
    /// Whether the time ran out and the check was interrupted.
    bool expired() const { return expired_; }

  private:
    std::uint64_t ticket_ = 0;  // 0: no clock running
    bool expired_ = false;
};

}  // namespace trivcheck::proofs
