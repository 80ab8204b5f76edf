// The ring that carries a run's steps from its order side to its value side
// (checker/msccl/step_log.hpp): every record arrives once, in order,
// with its clock, across the ring's wrap, across threads, and on one thread
// whose reader drains the ring whenever it fills; a reader that gives up
// does not leave the writer waiting.
#include <doctest/doctest.h>

#include <thread>
#include <vector>

#include "checker/msccl/step_log.hpp"

using namespace trivcheck::msccl;

namespace {

/// Record `i`: a clock of i % 5 entries (none when 0), each i + its position.
void push_record(StepLog& log, int i) {
    const int width = i % 5;
    std::vector<std::int32_t> clock(static_cast<std::size_t>(width));
    for (int entry = 0; entry < width; ++entry) clock[static_cast<std::size_t>(entry)] = i + entry;
    log.push({i, i + 1, i + 2, i + 3, i + 4, i + 5}, width == 0 ? nullptr : clock.data(), width);
}

/// Whether `step` is what push_record(i) wrote.
bool is_record(const LoggedStep& step, int i) {
    const StepStart& start = step.start;
    bool right = start.block == i && start.step == i + 1 && start.received_message == i + 2 &&
                 start.sent_message == i + 3 && start.waited_block == i + 4 &&
                 start.waited_step == i + 5 && step.clock_changed == (i % 5 != 0);
    if (step.clock_changed) {
        right = right && step.clock.size() == static_cast<std::size_t>(i % 5);
        for (std::size_t entry = 0; right && entry < step.clock.size(); ++entry)
            right = step.clock[entry] == i + static_cast<int>(entry);
    }
    return right;
}

/// Reads every record (waiting for each) and counts those that are not the next one written.
int wrong_records(StepLog& log, int& read) {
    int wrong = 0;
    LoggedStep step;
    for (read = 0; log.pop(step); ++read) wrong += is_record(step, read) ? 0 : 1;
    return wrong;
}

}  // namespace

TEST_CASE("step log: one thread, records written whole before they are read") {
    StepLog log(200 * StepLog::record_words(4));
    for (int i = 0; i < 200; ++i) push_record(log, i);
    log.close();
    int read = 0;
    CHECK(wrong_records(log, read) == 0);
    CHECK(read == 200);
}

TEST_CASE("step log: two threads through a ring far smaller than what passes") {
    // 64 words: the writer wraps and waits thousands of times.
    for (int records : {1, 100, 20000}) {
        CAPTURE(records);
        StepLog log(64);
        std::thread writer([&] {
            for (int i = 0; i < records; ++i) push_record(log, i);
            log.close();
        });
        int read = 0;
        const int wrong = wrong_records(log, read);
        writer.join();
        CHECK(wrong == 0);
        CHECK(read == records);
    }
}

TEST_CASE("step log: one thread through a small ring, the reader draining it when it fills") {
    StepLog log(64);
    int read = 0;
    int wrong = 0;
    int drains = 0;
    LoggedStep step;
    log.drain_with([&] {
        ++drains;
        for (; log.try_pop(step); ++read) wrong += is_record(step, read) ? 0 : 1;
    });
    for (int i = 0; i < 20000; ++i) push_record(log, i);
    log.close();
    for (; log.pop(step); ++read) wrong += is_record(step, read) ? 0 : 1;
    CHECK(drains > 1000);
    CHECK(wrong == 0);
    CHECK(read == 20000);
}

TEST_CASE("step log: a reader that gives up lets the writer finish") {
    StepLog log(64);
    std::thread writer([&] {
        for (int i = 0; i < 20000; ++i) push_record(log, i);
        log.close();
    });
    LoggedStep step;
    int read = 0;
    while (read < 10 && log.pop(step)) ++read;
    log.abandon();
    writer.join();  // hangs if the writer waits for room forever
    CHECK(read == 10);
}
