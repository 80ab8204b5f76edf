#include "checker/msccl/step_log.hpp"

#include <algorithm>
#include <bit>
#include <limits>

namespace trivcheck::msccl {

StepLog::StepLog(std::size_t capacity)
    : words_(new std::int32_t[std::bit_ceil(std::max(capacity, record_words(0)))]),
      mask_(std::bit_ceil(std::max(capacity, record_words(0))) - 1) {}

void StepLog::publish_written() {
    written_published_ = written_;
    written_state_.store(written_ * 2 + (closed_ ? closed_bit : 0), std::memory_order_release);
    written_state_.notify_one();
}

void StepLog::publish_read() {
    read_published_ = read_;
    read_state_.store(read_, std::memory_order_release);
    read_state_.notify_one();
}

void StepLog::push(const StepStart& start, const std::int32_t* clock, int width) {
    if (abandoned_.load(std::memory_order_relaxed)) return;
    const std::size_t words = record_words(clock ? width : 0);
    while (written_ + words - read_seen_ > mask_ + 1) {
        if (abandoned_.load(std::memory_order_acquire)) return;
        publish_written();
        const std::size_t seen = read_state_.load(std::memory_order_acquire);
        if (seen == read_seen_) {
            if (drain_)
                drain_();
            else
                read_state_.wait(seen, std::memory_order_acquire);
        }
        read_seen_ = read_state_.load(std::memory_order_acquire);
    }
    const std::int32_t header[header_words] = {
        start.block,        start.step,        start.received_message, start.sent_message,
        start.waited_block, start.waited_step, clock ? width : -1};
    for (std::size_t i = 0; i < header_words; ++i) word(written_ + i) = header[i];
    written_ += header_words;
    if (clock)
        for (int i = 0; i < width; ++i) word(written_++) = clock[i];
    if (written_ - written_published_ >= batch_words) publish_written();
}

void StepLog::close() {
    closed_ = true;
    publish_written();
}

bool StepLog::next(LoggedStep& step, bool wait) {
    while (read_ == written_seen_) {
        if (writer_closed_) return false;
        publish_read();
        std::size_t state = written_state_.load(std::memory_order_acquire);
        if (state / 2 == read_ && (state & closed_bit) == 0) {
            if (!wait) return false;
            written_state_.wait(state, std::memory_order_acquire);
            state = written_state_.load(std::memory_order_acquire);
        }
        written_seen_ = state / 2;
        writer_closed_ = (state & closed_bit) != 0;
    }
    // The writer publishes whole records only.
    std::int32_t header[header_words];
    for (std::size_t i = 0; i < header_words; ++i) header[i] = word(read_ + i);
    read_ += header_words;
    step.start = {header[0], header[1], header[2], header[3], header[4], header[5]};
    step.clock_changed = header[6] >= 0;
    if (step.clock_changed) {
        step.clock.resize(static_cast<std::size_t>(header[6]));
        for (std::int32_t& entry : step.clock) entry = word(read_++);
    }
    if (read_ - read_published_ >= batch_words) publish_read();
    return true;
}

void StepLog::abandon() {
    abandoned_.store(true, std::memory_order_release);
    // Wakes a waiting writer, which then sees the flag.
    read_state_.store(std::numeric_limits<std::size_t>::max(), std::memory_order_release);
    read_state_.notify_one();
}

}  // namespace trivcheck::msccl
