// The count engines (the smt engine and the reference replay) on scratch
// buffers and local operations (docs/model.md):
// local operations run first in each step, one after the other; then every
// send reads the state; postconditions read buffer 0 only.

#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "checker/execution/reference_replay.hpp"
#include "checker/formats/schedule_json.hpp"
#include "proofs/smt_execution.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

namespace {

Transfer transfer(int src, int dst, Op op, int src_buffer, int dst_buffer) {
    Transfer made;
    made.src = src;
    made.dst = dst;
    made.blocks = BlockSet::single(0, 1);
    made.op = op;
    made.src_buffer = static_cast<BufferIndex>(src_buffer);
    made.dst_buffer = static_cast<BufferIndex>(dst_buffer);
    return made;
}

LocalOp local(int rank, int src_buffer, int dst_buffer, Op op) {
    LocalOp made;
    made.rank = rank;
    made.src_buffer = src_buffer;
    made.dst_buffer = dst_buffer;
    made.blocks = BlockSet::single(0, 1);
    made.op = op;
    return made;
}

constexpr int acc = 1;

/// Three ranks, one block. Step 0: ranks 1 and 2 reduce their values into
/// rank 0's scratch buffer "acc". Step 1: rank 0 reduces its own value into
/// acc, then runs `second` (if any), then sends: 0 -> 1 from `first_source`,
/// 0 -> 2 from main, both copies into `destination`. The files
/// tests/cases/buffers-3-*.json are these schedules.
Schedule buffers_3(const std::string& name, const LocalOp* second, int first_source,
                   int destination) {
    Schedule schedule;
    schedule.name = name;
    schedule.topology = Topology::ring(3);
    schedule.ranks = 3;
    schedule.blocks = 1;
    schedule.buffers = {"acc"};
    Step reduce;
    reduce.phase = "reduce";
    reduce.transfers = {transfer(1, 0, Op::reduce, main_buffer, acc),
                        transfer(2, 0, Op::reduce, main_buffer, acc)};
    Step broadcast;
    broadcast.phase = "broadcast";
    broadcast.local.push_back(local(0, main_buffer, acc, Op::reduce));
    if (second != nullptr) broadcast.local.push_back(*second);
    broadcast.transfers = {
        transfer(0, 1, Op::copy, first_source, destination),
        transfer(0, 2, Op::copy, destination == acc ? acc : main_buffer, destination)};
    schedule.steps = {reduce, broadcast};
    return schedule;
}

/// acc copied back into main before the sends: every rank ends with all three.
Schedule holds() {
    const LocalOp back = local(0, acc, main_buffer, Op::copy);
    return buffers_3("buffers-3-holds", &back, acc, main_buffer);
}

/// acc reduced (not copied) into main, which already holds contribution 0.
Schedule local_double_count() {
    const LocalOp back = local(0, acc, main_buffer, Op::reduce);
    return buffers_3("buffers-3-local-double-count", &back, acc, main_buffer);
}

/// The result only ever reaches the scratch buffers.
Schedule scratch_only() { return buffers_3("buffers-3-scratch-only", nullptr, acc, acc); }

proofs::SmtExecution smt(const Schedule& schedule) {
    const proofs::SmtExecution execution = proofs::smt_execute(schedule, {});
    REQUIRE(execution.verdict != proofs::QueryVerdict::unknown);
    return execution;
}

}  // namespace

TEST_CASE("buffer case files are the hand-built schedules") {
    for (const Schedule& built : {holds(), local_double_count(), scratch_only()}) {
        CAPTURE(built.name);
        const Schedule read =
            read_schedule_file(testing::source_path("tests/cases/" + built.name + ".json"));
        CHECK(write_schedule_json(read) == write_schedule_json(built));
    }
}

TEST_CASE("smt engine: a scratch buffer and local operations that hold") {
    // It holds only because the sends read the state after the local
    // operations: read before them, 0 -> 1 would carry acc without 0, and
    // 0 -> 2 main without 1 and 2.
    CHECK(smt(holds()).verdict == proofs::QueryVerdict::holds);
    // Without the fold, the copy back leaves rank 0's vector without its own 0.
    Schedule no_fold = holds();
    no_fold.steps[1].local.erase(no_fold.steps[1].local.begin());
    const proofs::SmtExecution missing = smt(no_fold);
    REQUIRE(missing.first);
    CHECK(missing.first->kind == ViolationKind::missing);
    CHECK(missing.first->rank == 0);
    CHECK(missing.first->contributor == 0);
    CHECK(missing.first->count == 0);
}

TEST_CASE("smt engine: a local reduce that double counts is reported at its step and rank") {
    const Schedule schedule = local_double_count();
    const proofs::SmtExecution execution = smt(schedule);
    REQUIRE(execution.verdict == proofs::QueryVerdict::violated);
    REQUIRE(execution.first);
    const proofs::CountViolation& first = *execution.first;
    CHECK(first.kind == ViolationKind::double_count);
    CHECK(first.step == 1);
    CHECK(first.rank == 0);
    CHECK(first.block == 0);
    CHECK(first.contributor == 0);
    CHECK(first.count == 2);
    CHECK(first.base_carried);
    CHECK(first.transfers.empty());
    CHECK(first.local_operations == std::vector<int>{1});
    const Report report = proofs::smt_report(schedule, execution);
    REQUIRE(report.violations.size() == 1);
    CHECK(report.violations[0].step == 1);
    CHECK(report.violations[0].detail ==
          "rank 0 counts contribution 0 of block 0 2 times after step 1 (its own partial holds "
          "one copy); its local operation 1 of step 1 adds one copy");
}

TEST_CASE("smt engine: a result left only in a scratch buffer is missing") {
    const proofs::SmtExecution execution = smt(scratch_only());
    REQUIRE(execution.first);
    CHECK(execution.first->kind == ViolationKind::missing);
    CHECK(execution.first->step == 2);
    CHECK(execution.first->rank == 0);
    CHECK(execution.first->block == 0);
    CHECK(execution.first->contributor == 1);
    CHECK(execution.first->required == 1);
}

TEST_CASE("smt engine: local operations run in list order; a copy of nothing empties") {
    SUBCASE("acc copied into main before main is folded in: the fold adds 1 and 2 twice") {
        Schedule schedule = holds();
        std::swap(schedule.steps[1].local[0], schedule.steps[1].local[1]);
        const proofs::SmtExecution execution = smt(schedule);
        REQUIRE(execution.first);
        CHECK(execution.first->kind == ViolationKind::double_count);
        CHECK(execution.first->step == 1);
        CHECK(execution.first->rank == 0);
        CHECK(execution.first->contributor == 1);
        CHECK(execution.first->local_operations == std::vector<int>{1});
    }
    SUBCASE("copying an empty scratch buffer into main replaces its value with nothing") {
        Schedule schedule = holds();
        schedule.buffers.push_back("spare");
        Step empty_out;
        empty_out.local.push_back(local(2, 2, main_buffer, Op::copy));
        schedule.steps.push_back(empty_out);
        const proofs::SmtExecution execution = smt(schedule);
        REQUIRE(execution.first);
        CHECK(execution.first->kind == ViolationKind::missing);
        CHECK(execution.first->step == 3);
        CHECK(execution.first->rank == 2);
        CHECK(execution.first->contributor == 0);
        CHECK(execution.first->count == 0);
    }
    SUBCASE("a joint reduction into a scratch buffer double counts there too") {
        Schedule schedule = holds();
        schedule.steps[0].transfers.push_back(transfer(1, 0, Op::reduce, main_buffer, acc));
        schedule.ports = 3;
        const proofs::SmtExecution execution = smt(schedule);
        REQUIRE(execution.first);
        CHECK(execution.first->kind == ViolationKind::double_count);
        CHECK(execution.first->step == 0);
        CHECK(execution.first->rank == 0);
        CHECK(execution.first->contributor == 1);
        CHECK(execution.first->transfers.size() == 2);
    }
}

TEST_CASE("reference replay: buffers and local operations as the smt engine counts them") {
    CHECK_FALSE(reference_violation(holds()).has_value());
    CHECK(reference_violation(local_double_count())->words() ==
          "double_count at step 1, rank 0, block 0 (local operation), contributor 0");
    CHECK(reference_violation(scratch_only())->words() ==
          "missing at the end: rank 0, block 0, contributor 1");
    Schedule unheld = holds();
    unheld.steps[0].transfers[0].src_buffer = acc;
    CHECK(reference_violation(unheld)->words() == "send_unheld at step 0, rank 1, block 0");
    Schedule joint = holds();
    joint.steps[0].transfers.push_back(transfer(1, 0, Op::reduce, main_buffer, acc));
    joint.ports = 3;
    CHECK(reference_violation(joint)->words() ==
          "double_count at step 0, rank 0, block 0, contributor 1");
}
