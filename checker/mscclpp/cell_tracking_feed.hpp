#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "checker/mscclpp/cell_tracking.hpp"

namespace trivcheck::mscclpp {

/// Hands a run's steps to its CellTracking in the order they run: at once,
/// or, for a large run, in batches to a thread of its own that tracks them
/// while the run goes on (race checks, cells and values were a quarter of
/// the 1,024-rank check's time). Either way the tracking sees the same steps
/// in the same order and reports the same violations in the same order;
/// while the run goes on only it reports, and the rest is reported after
/// `finish`.
class CellTrackingFeed {
  public:
    CellTrackingFeed(const RunState& state, msccl::ViolationSink& violations, bool beside);
    /// Without `finish` (the run threw): the tracking stops where it is.
    ~CellTrackingFeed();
    CellTrackingFeed(const CellTrackingFeed&) = delete;
    CellTrackingFeed& operator=(const CellTrackingFeed&) = delete;

    /// A step that ran, with the clocks it accessed cells with.
    void step(const StepClocks& step);
    /// Returns the tracking once every step handed on is tracked (throwing
    /// what the tracking threw).
    CellTracking& finish();

  private:
    using Batch = std::vector<StepClocks>;
    /// A batch is handed over when it holds this many steps...
    static constexpr std::size_t batch_steps = std::size_t{1} << 12;
    /// ... and the run waits while this many are not yet tracked (the
    /// memory of batches in flight stays a few megabytes).
    static constexpr std::size_t most_in_flight = 64;

    void hand_over();
    /// The thread's work: tracks every batch handed over until told to stop.
    void track_batches();
    void stop();

    const RunState& state_;
    msccl::ViolationSink& violations_;
    std::optional<CellTracking> tracking_;
    bool beside_;
    Batch filling_;
    std::mutex mutex_;
    std::condition_variable handed_over_;
    std::condition_variable tracked_;
    std::deque<Batch> in_flight_;
    std::vector<Batch> spare_;
    bool closing_ = false;
    bool abandoned_ = false;
    std::exception_ptr failure_;
    std::thread thread_;
};

}  // namespace trivcheck::mscclpp
