#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "checker/msccl/scheduler.hpp"

namespace trivcheck::msccl {

/// A step as the value side of a run reads it from a StepLog: where it
/// starts, and the local clock its thread block holds once it has started,
/// when that changed otherwise than by the start itself (a wait or a receive
/// taught it something).
struct LoggedStep {
    StepStart start;
    bool clock_changed = false;
    std::vector<std::int32_t> clock;  // its entries, when clock_changed
};

/// The steps of a run in the scheduler's order, handed from the order side
/// (StepOrdering, which keeps the clocks) to the value side
/// (SymbolicExecution), which may run on another thread: a ring of 32-bit
/// words with one writer and one reader. On two threads the writer waits
/// while the ring is full, the reader while it is empty; each publishes its
/// position every few thousand words and before it waits. On one thread the
/// writer, finding the ring full, has the reader read what is there instead
/// (`drain_with`).
class StepLog {
  public:
    /// Room for at least `capacity` words (a power of two at least that large).
    explicit StepLog(std::size_t capacity);

    /// Words a record takes with a clock of `width` entries (0: none).
    static std::size_t record_words(int width) {
        return header_words + static_cast<std::size_t>(width);
    }

    /// Both sides on one thread: when the ring is full, the writer calls
    /// `read_some` (which reads with try_pop) instead of waiting for room.
    void drain_with(std::function<void()> read_some) { drain_ = std::move(read_some); }

    // The writer's side.
    /// Appends a step, with its thread block's clock (`width` entries) or
    /// without (`clock` null). Dropped once the reader has given up.
    void push(const StepStart& start, const std::int32_t* clock, int width);
    /// No more steps: the reader reads what is left, then stops.
    void close();

    // The reader's side.
    /// The next step into `step`, waiting for it; false once the log is
    /// closed and read to the end.
    bool pop(LoggedStep& step) { return next(step, true); }
    /// The next step into `step` if one was written; false, without waiting, if none is.
    bool try_pop(LoggedStep& step) { return next(step, false); }
    /// The reader stops reading (it failed): the writer drops what it pushes from now on.
    void abandon();

  private:
    static constexpr std::size_t header_words = 7;
    static constexpr std::size_t batch_words = 4096;
    /// The writer's position as published: words written, times 2, plus 1 once closed.
    static constexpr std::size_t closed_bit = 1;
    void publish_written();
    void publish_read();
    bool next(LoggedStep& step, bool wait);
    std::int32_t& word(std::size_t position) { return words_[position & mask_]; }

    std::unique_ptr<std::int32_t[]> words_;
    std::size_t mask_;
    // The writer's own.
    std::size_t written_ = 0;
    std::size_t written_published_ = 0;
    std::size_t read_seen_ = 0;
    bool closed_ = false;
    std::function<void()> drain_;
    // The reader's own.
    std::size_t read_ = 0;
    std::size_t read_published_ = 0;
    std::size_t written_seen_ = 0;
    bool writer_closed_ = false;
    // Shared.
    alignas(64) std::atomic<std::size_t> written_state_{0};
    alignas(64) std::atomic<std::size_t> read_state_{0};
    std::atomic<bool> abandoned_{false};
};

}  // namespace trivcheck::msccl
