// The asynchronous figures on small programs built by hand, where the right
// value can be worked out on paper.
#include "checker/core/resource_limit.hpp"
#include "tests/msccl_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;
using msccl::StepType;

TEST_CASE("msccl figures: fifo_depth_needed is the least depth that completes") {
    SUBCASE("send, receive, send, receive: one message in flight per connection") {
        const Report report = msccl::check_program(ring_program(
            3, {StepType::send, StepType::receive, StepType::send, StepType::receive}, 1));
        CHECK(report.asynchronous->fifo_depth_needed == 1);
        // The second send waits (program order) for a receive of a first send: a chain of 2.
        CHECK(report.asynchronous->critical_path == 2);
    }
    SUBCASE("two sends before two receives: with depth 1 every gpu blocks on its second send") {
        const Report report = msccl::check_program(ring_program(
            3, {StepType::send, StepType::send, StepType::receive, StepType::receive}, 1));
        CHECK(report.asynchronous->fifo_depth_needed == 2);
        CHECK(report.asynchronous->critical_path == 2);
        for (const ConnectionFigures& connection : report.asynchronous->connections) {
            CHECK(connection.messages == 2);
            CHECK(connection.most_queued == 2);
        }
    }
    SUBCASE("three sends first: depth 3") {
        const Report report = msccl::check_program(
            ring_program(2,
                         {StepType::send, StepType::send, StepType::send, StepType::receive,
                          StepType::receive, StepType::receive},
                         1));
        CHECK(report.asynchronous->fifo_depth_needed == 3);
    }
    SUBCASE("receives first: no depth completes") {
        const Report report =
            msccl::check_program(ring_program(2, {StepType::receive, StepType::send}, 1));
        CHECK(report.asynchronous->fifo_depth_needed == 0);
        CHECK(report.violation_counts.at(ViolationKind::deadlock) == 1);
    }
}

TEST_CASE("msccl figures: traffic per gpu in chunks and in units of m") {
    const Report report =
        msccl::check_program(ring_program(4, {StepType::send, StepType::receive}, 3));
    REQUIRE(report.asynchronous->gpus.size() == 4);
    CHECK(report.asynchronous->buffer_chunks == 3);
    for (const GpuTraffic& gpu : report.asynchronous->gpus) {
        CHECK(gpu.sent_chunks == 3);
        CHECK(gpu.received_chunks == 3);
    }
    CHECK(report.asynchronous->thread_blocks == 4);
    CHECK(report.asynchronous->channels == 1);
}

TEST_CASE("msccl: a program too large for the memory limit is refused before it runs") {
    msccl::AsynchronousOptions options;
    options.memory_limit_bytes = 1024;
    CHECK_THROWS_AS(
        msccl::check_program(ring_program(64, {StepType::send, StepType::receive}, 8), options),
        ResourceLimit);
}
