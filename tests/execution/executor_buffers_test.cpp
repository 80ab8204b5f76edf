#include <doctest/doctest.h>

#include <string>

#include "checker/explanations/check.hpp"
#include "checker/execution/executor.hpp"

using namespace trivcheck;

// Scratch buffers and local operations (models/schedule.hpp): local operations
// run first in a step, in order; sends read the state after them; receivers
// reduce per destination buffer and block; postconditions read the vector.

namespace {

/// Two ranks, one block, a scratch buffer "s" (buffer 1).
Schedule with_scratch(int ranks = 2) {
    Schedule schedule;
    schedule.name = "scratch";
    schedule.topology = Topology::ring(ranks);
    schedule.ranks = ranks;
    schedule.blocks = 1;
    schedule.buffers = {"s"};
    return schedule;
}

Transfer send_between(int src, int dst, int src_buffer, int dst_buffer, Op op = Op::reduce) {
    return {src,
            dst,
            BlockSet::all(1),
            op,
            Route::shortest,
            static_cast<BufferIndex>(src_buffer),
            static_cast<BufferIndex>(dst_buffer)};
}

LocalOp local(int rank, int src_buffer, int dst_buffer, Op op = Op::reduce) {
    return {rank, src_buffer, dst_buffer, BlockSet::all(1), op};
}

constexpr int scratch = 1;

}  // namespace

TEST_CASE("a partner's value kept in scratch and added locally in the next step holds") {
    Schedule schedule = with_scratch();
    schedule.steps.push_back(
        {"allreduce",
         {send_between(0, 1, main_buffer, scratch), send_between(1, 0, main_buffer, scratch)}});
    schedule.steps.push_back(
        {"allreduce", {}, {local(0, scratch, main_buffer), local(1, scratch, main_buffer)}});
    const Report report = check_schedule(schedule);
    CHECK(report.verdict == Verdict::holds);
    // Coverage counts what a rank holds in any buffer: both contributions after step 0.
    CHECK(report.per_step.at(0).coverage_min == 2);
    CHECK(report.per_step.at(1).link_chunks_max == 0);
}

TEST_CASE("a result left in a scratch buffer is missing from the vector") {
    Schedule schedule = with_scratch();
    schedule.steps.push_back(
        {"allreduce",
         {send_between(0, 1, main_buffer, scratch), send_between(1, 0, main_buffer, scratch)}});
    const Report report = check_schedule(schedule);
    CHECK(report.verdict == Verdict::violated);
    CHECK(report.violation_counts.at(ViolationKind::missing) == 2);
    const Violation& first = report.violations.at(0);
    CHECK(first.kind == ViolationKind::missing);
    CHECK(first.rank == 0);
    CHECK(first.contributor == 1);
}

TEST_CASE("a local reduction of two buffers that share a contribution double counts it") {
    // Rank 0 copies its vector to s, receives rank 1's into s and rank 2's into its vector:
    // s = {0, 1}, vector = {0, 2}; adding s into the vector counts contribution 0 twice.
    Schedule schedule = with_scratch(3);
    schedule.steps.push_back(
        {"allreduce",
         {send_between(1, 0, main_buffer, scratch), send_between(2, 0, main_buffer, main_buffer)},
         {local(0, main_buffer, scratch, Op::copy)}});
    schedule.steps.push_back({"allreduce", {}, {local(0, scratch, main_buffer)}});
    const Report report = check_schedule(schedule);
    CHECK(report.verdict == Verdict::violated);
    CHECK(report.violation_counts.at(ViolationKind::double_count) == 1);
    const Violation& violation = report.violations.at(0);
    CHECK(violation.kind == ViolationKind::double_count);
    CHECK(violation.step == 1);
    CHECK(violation.rank == 0);
    CHECK(violation.block == 0);
    CHECK(violation.contributor == 0);
    CHECK(violation.copies == 2);
    CHECK(violation.detail ==
          "rank 0 adds block 0 of buffer s into buffer main (local operation 0) and counts "
          "contribution 0 twice");
    CHECK(violation.buffer.empty());
    // Both copies are rank 0's own, moved within the rank only: two empty paths.
    CHECK(violation.paths == std::vector<Path>{{}, {}});
}

TEST_CASE("local operations run in order, before the step's sends") {
    // Rank 0 sends s in the same step whose local operation fills s: the message carries it.
    Schedule schedule = with_scratch();
    schedule.steps.push_back(
        {"allreduce",
         {send_between(0, 1, scratch, main_buffer), send_between(1, 0, main_buffer, main_buffer)},
         {local(0, main_buffer, scratch, Op::copy)}});
    CHECK(check_schedule(schedule).verdict == Verdict::holds);
    // Without the copy, s is empty when sent.
    schedule.steps[0].local.clear();
    const Report report = check_schedule(schedule);
    CHECK(report.violation_counts.at(ViolationKind::send_unheld) == 1);
    CHECK(report.violations.at(0).detail ==
          "rank 0 sends block 0 in buffer s but holds no contribution to it");
}

TEST_CASE("a copy into a scratch buffer replaces it; a reduce into it adds") {
    Schedule schedule = with_scratch();
    // Step 0: s := 1's value at rank 0; step 1: s += 1's value again -> double count in s.
    schedule.steps.push_back({"allreduce", {send_between(1, 0, main_buffer, scratch, Op::copy)}});
    schedule.steps.push_back({"allreduce", {send_between(1, 0, main_buffer, scratch)}});
    const Report report = check_schedule(schedule);
    const Violation& violation = report.violations.at(0);
    CHECK(violation.kind == ViolationKind::double_count);
    CHECK(violation.step == 1);
    CHECK(violation.contributor == 1);
    CHECK(violation.detail ==
          "rank 0 reduces contribution 1 of block 0 in buffer s 2 times (its "
          "own partial holds one copy)");
    CHECK(violation.buffer == "s");
    // The copy s already held came in step 0; the other arrives now; both left rank 1's vector.
    REQUIRE(violation.paths.size() == 2);
    CHECK(violation.paths[0] == Path{{0, 0, 1, 0}});
    CHECK(violation.paths[1] == Path{{1, 0, 1, 0}});
    // With a copy in step 1 instead, s is replaced and nothing is counted twice in s.
    schedule.steps[1].transfers[0].op = Op::copy;
    CHECK(check_schedule(schedule).violation_counts.count(ViolationKind::double_count) == 0);
}

TEST_CASE("scratch buffers multiply the memory estimate") {
    Schedule plain = with_scratch(1000);
    plain.buffers.clear();
    plain.blocks = 1000;
    Schedule scratched = plain;
    scratched.buffers = {"a", "b", "c"};
    plain.steps.push_back({"allreduce", {{0, 1, BlockSet::all(1000), Op::reduce, Route::plus}}});
    scratched.steps = plain.steps;
    CHECK(estimate_execution_memory(scratched) - estimate_execution_memory(plain) ==
          std::uint64_t{3} * 1000 * 1000 * sizeof(SetId) + 3 * 1000 * 16);
}
