// --runtime rccl: RCCL's limits on MSCCL-IR files, each a runtime_limit
// violation naming the limit and the measured value.
#include "tests/msccl_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

/// `steps` steps: send, receive, send, ...
std::vector<msccl::StepType> alternating(int steps) {
    std::vector<msccl::StepType> types;
    for (int step = 0; step < steps; ++step)
        types.push_back(step % 2 == 0 ? msccl::StepType::send : msccl::StepType::receive);
    return types;
}

const Violation& only_limit(const Report& report, const std::string& limit) {
    REQUIRE(report.violation_counts.count(ViolationKind::runtime_limit) == 1);
    for (const Violation& violation : report.violations)
        if (violation.kind == ViolationKind::runtime_limit && violation.limit == limit)
            return violation;
    FAIL("no runtime_limit " << limit);
    throw;
}

}  // namespace

MSCCL_CORPUS_TEST_CASE("msccl runtime rccl: the real files are within RCCL's limits") {
    for (const char* name : {"ndv4_r48ll.xml", "ndv4_ag-1k-512k.xml", "ncv4_ar_hier_12_Simple.xml",
                             "ncv4_ag_hier_4_Simple.xml", "ndv4_a2a2ll.xml"}) {
        CAPTURE(name);
        const Report report = check_msccl_text(corpus_text(name), true);
        CHECK(report.verdict == Verdict::holds);
        CHECK(report.asynchronous->runtime == "rccl");
    }
}

TEST_CASE("msccl runtime rccl: too many steps in a thread block, and cnt at 72") {
    msccl::AsynchronousOptions rccl;
    rccl.rccl_limits = true;
    SUBCASE("300 steps") {
        const Report report = msccl::check_program(ring_program(4, alternating(300), 1), rccl);
        CHECK(report.violation_counts.at(ViolationKind::runtime_limit) == 4);
        const Violation& steps = only_limit(report, "steps_per_thread_block");
        CHECK(steps.limit_value == 256);
        CHECK(steps.measured == 300);
        CHECK(steps.rank == 0);
        CHECK(steps.thread_block == 0);
        // Without --runtime the same program is only checked for meaning.
        CHECK(msccl::check_program(ring_program(4, alternating(300), 1))
                  .violation_counts.count(ViolationKind::runtime_limit) == 0);
    }
    SUBCASE("cnt 72") {
        const Report report = msccl::check_program(ring_program(2, alternating(2), 72), rccl);
        const Violation& count = only_limit(report, "count");
        CHECK(count.limit_value == 71);
        CHECK(count.measured == 72);
        CHECK(count.step == 0);
        CHECK(msccl::check_program(ring_program(2, alternating(2), 71), rccl)
                  .violation_counts.count(ViolationKind::runtime_limit) == 0);
    }
}

MSCCL_CORPUS_TEST_CASE("msccl runtime rccl: a gap in the thread block ids") {
    const std::string broken =
        replace_in_block(corpus_text("ndv4_a2a2ll.xml"), 0, 27, R"(<tb id="27")", R"(<tb id="28")");
    const Report report = check_msccl_text(broken, true);
    const Violation& gap = only_limit(report, "thread_block_ids");
    CHECK(report.violation_counts.at(ViolationKind::runtime_limit) == 1);
    CHECK(gap.rank == 0);
    CHECK(gap.limit_value == 27);
    CHECK(gap.measured == 28);
    CHECK(gap.detail ==
          "gpu 0 has no thread block 27 but has 28; RCCL needs ids 0, 1, 2, ... without gaps");
    // The program itself still means the same: without --runtime it holds.
    CHECK(check_msccl_text(broken).verdict == Verdict::holds);
}

MSCCL_CORPUS_TEST_CASE(
    "msccl runtime rccl: a nop carrying a dependency before a step without one") {
    // gpu 0 tb 24: step 0 (depid 0) becomes a nop; step 1 has no dependency to merge it into.
    const std::string broken =
        replace_in_block(corpus_text("ncv4_ar_hier_12_Simple.xml"), 0, 24,
                         R"(<step s="0" type="s")", R"(<step s="0" type="nop")");
    const Report report = check_msccl_text(broken, true);
    const Violation& run = only_limit(report, "nop_run");
    CHECK(run.rank == 0);
    CHECK(run.thread_block == 24);
    CHECK(run.step == 1);
    CHECK(run.measured == 1);
}
