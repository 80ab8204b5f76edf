#pragma once
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <span>
#include <thread>
#include <vector>

#include "checker/mscclpp/race_checks.hpp"

namespace trivcheck::mscclpp {

/// Hands a run's accesses to its RaceChecks, in the order they happen: at
/// once, or, for a large run, in batches to a thread of their own that
/// checks them while the run goes on (the checks were a sixth of the
/// 1,024-rank check's time). Either way the checks see the same accesses in
/// the same order and report the same violations in the same order; while
/// the run goes on only they report, and the rest is reported after
/// `finish`.
class RaceCheckFeed {
  public:
    RaceCheckFeed(const RunState& state, msccl::ViolationSink& violations, bool threaded);
    /// Without `finish` (the run threw): the checks stop where they are.
    ~RaceCheckFeed();
    RaceCheckFeed(const RaceCheckFeed&) = delete;
    RaceCheckFeed& operator=(const RaceCheckFeed&) = delete;

    /// The accesses that follow, up to the next `step`, are this step's.
    void step(const StepClocks& clocks);
    /// The step reads `cells`; reads, then writes.
    void reads(std::span<const int> cells) { accesses(cells, false); }
    void writes(std::span<const int> cells) { accesses(cells, true); }
    /// Returns when every access handed on is checked (throwing what a
    /// check threw).
    void finish();

  private:
    /// Accesses of consecutive steps: per step its clocks and where its
    /// cells end; per cell, twice its number, plus one for a write.
    struct Batch {
        std::vector<StepClocks> steps;
        std::vector<std::size_t> steps_end;
        std::vector<std::uint32_t> cells;
    };
    /// A batch is handed over when it holds this many cells...
    static constexpr std::size_t batch_cells = std::size_t{1} << 14;
    /// ... and the run waits while this many are not yet checked (the
    /// memory of batches in flight stays a few megabytes).
    static constexpr std::size_t most_in_flight = 64;

    void accesses(std::span<const int> cells, bool write);
    void hand_over();
    /// The thread's work: checks every batch handed over until told to stop.
    void check_batches();
    void check(const Batch& batch);
    void stop();

    const RunState& state_;
    msccl::ViolationSink& violations_;
    std::optional<RaceChecks> checks_;
    /// Without a thread: the step whose accesses are checked at once.
    StepClocks current_step_;
    bool threaded_;
    Batch filling_;
    std::mutex mutex_;
    std::condition_variable handed_over_;
    std::condition_variable checked_;
    std::deque<Batch> in_flight_;
    std::vector<Batch> spare_;
    bool closing_ = false;
    bool abandoned_ = false;
    std::exception_ptr failure_;
    std::thread thread_;
};

}  // namespace trivcheck::mscclpp
