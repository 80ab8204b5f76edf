// Buffer geometry (checker/msccl/parser_step_rules.hpp, apply_buffer_geometry): nchunksperloop sets
// the size of a chunk, and RCCL runs a file declared both in and out of place both ways; programs
// of tests/msccl/runtime/ that hold on the file's own sizes and are violated as RCCL runs them, and
// their twins.
#include "tests/msccl_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

TEST_CASE(
    "msccl buffer geometry: an all-to-all with nchunksperloop doubled misses half its output") {
    const std::string doubled = runtime_program_text("geometry-alltoall-doubled.xml");
    CHECK(check_msccl_text(doubled).verdict == Verdict::holds);  // the file's own sizes
    for (const msccl::Runtime runtime : {msccl::Runtime::rccl, msccl::Runtime::msccl}) {
        CAPTURE(msccl::spelling(runtime));
        const Report report = check_msccl_text(doubled, runtime);
        CHECK(report.verdict == Verdict::violated);
        CHECK(report.violation_counts.count(ViolationKind::missing) == 1);
        CHECK(names_runtime_rule(report, "buffer geometry: nchunksperloop 4 makes a chunk 1/4"));
        // Every gpu now has 4 output chunks: k = 2, and the outputs the steps
        // never write (chunk 1 and 3 of each gpu) lack their contribution.
        bool names_unwritten = false;
        for (const Violation& violation : report.violations)
            names_unwritten |= violation.kind == ViolationKind::missing;
        CHECK(names_unwritten);
    }
    const Report fixed =
        check_msccl_text(runtime_program_text("geometry-alltoall.xml"), msccl::Runtime::rccl);
    CHECK(fixed.verdict == Verdict::holds);
    CHECK(fixed.asynchronous->runtime_rules.empty());
}

TEST_CASE("msccl buffer geometry: an in-place file also declared out of place runs both ways") {
    const std::string both = runtime_program_text("in-place-also-out-of-place.xml");
    CHECK(check_msccl_text(both).verdict == Verdict::holds);
    // microsoft/msccl reads only inplace: it holds there.
    CHECK(check_msccl_text(both, msccl::Runtime::msccl).verdict == Verdict::holds);
    const Report report = check_msccl_text(both, msccl::Runtime::rccl);
    CHECK(report.verdict == Verdict::violated);
    REQUIRE(report.violation_counts.count(ViolationKind::missing) == 1);
    for (const Violation& violation : report.violations)
        CHECK(violation.detail.starts_with("run out of place (outofplace=\"1\"): "));
    const Report fixed = check_msccl_text(
        runtime_program_text("in-place-also-out-of-place-fixed.xml"), msccl::Runtime::rccl);
    CHECK(fixed.verdict == Verdict::holds);
}
