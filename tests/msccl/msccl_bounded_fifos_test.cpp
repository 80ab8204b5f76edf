// Bounded FIFOs (checker/msccl/bounded_fifos.hpp): programs of
// tests/msccl/runtime/ that complete on the model's unbounded FIFOs but hang
// on a runtime's, each with the cycle named, and the twins that do not.
#include "checker/msccl/bounded_fifos.hpp"
#include "tests/msccl_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

const Violation& only_deadlock(const Report& report) {
    REQUIRE(report.violation_counts.size() == 1);
    REQUIRE(report.violation_counts.count(ViolationKind::deadlock) == 1);
    REQUIRE(report.violations.size() == 1);
    return report.violations.front();
}

}  // namespace

TEST_CASE("msccl bounded FIFOs: three Simple sends before any receive hang, with the cycle") {
    const std::string text = runtime_program_text("fifo-three-sends.xml");
    // The model alone has unbounded FIFOs: it completes and needs depth 3.
    const Report model = check_msccl_text(text);
    CHECK(model.verdict == Verdict::holds);
    CHECK(model.asynchronous->fifo_depth_needed == 3);
    CHECK(model.asynchronous->bounded_fifos.empty());
    for (const msccl::Runtime runtime : {msccl::Runtime::rccl, msccl::Runtime::msccl}) {
        CAPTURE(msccl::spelling(runtime));
        const Report report = check_msccl_text(text, runtime);
        CHECK(report.verdict == Verdict::violated);
        const Violation& deadlock = only_deadlock(report);
        CHECK(deadlock.detail.find("bounded FIFOs (Simple: 8 slots a connection, 4 a call, so 2 "
                                   "calls)") != std::string::npos);
        // Both gpus wait at their third send (step 3) for room in the other's FIFO.
        CHECK(deadlock.detail.find("gpu 0 tb 0 step 3 waits for room in the FIFO to gpu 1 tb 0 "
                                   "(it holds 2 calls, all it can)") != std::string::npos);
        CHECK(deadlock.detail.find("gpu 1 tb 0 step 3 waits for room in the FIFO to gpu 0 tb 0") !=
              std::string::npos);
        REQUIRE(deadlock.points.size() == 2);
        CHECK(report.asynchronous->bounded_fifos.find("hangs at bytes 1..1024") !=
              std::string::npos);
    }
}

TEST_CASE("msccl bounded FIFOs: the same in LL fits (1 slot a call), alternating fits in Simple") {
    for (const char* file : {"fifo-three-sends-ll.xml", "fifo-three-sends-fixed.xml"}) {
        CAPTURE(file);
        const std::string text = runtime_program_text(file);
        for (const msccl::Runtime runtime : {msccl::Runtime::rccl, msccl::Runtime::msccl}) {
            const Report report = check_msccl_text(text, runtime);
            CHECK(report.verdict == Verdict::holds);
            CHECK(report.asynchronous->bounded_fifos.find("completes at every size") !=
                  std::string::npos);
        }
    }
}

TEST_CASE("msccl bounded FIFOs: a step of cnt 3 hangs only where a call carries one chunk") {
    const std::string text = runtime_program_text("fifo-large-count.xml");
    const msccl::Program program = parse_msccl_xml(text, "fifo-large-count.xml");
    const msccl::FifoRules rules = msccl::fifo_rules(msccl::Runtime::rccl, program);
    CHECK(rules.chunk_bytes == 2 << 20);  // 4 MiB / 8 steps * 4 steps a chunk
    CHECK(rules.capacity() == 2);
    // maxAllowedCount 71..3: one call; 2: two; 1: three (past 6 * 2 MiB / 2 bytes).
    const std::vector<msccl::CallProfile> profiles = msccl::call_profiles(program, rules);
    REQUIRE(profiles.size() == 3);
    CHECK(profiles[0].least_bytes == 1);
    CHECK(profiles[1].max_allowed_count == 2);
    CHECK(profiles[1].least_bytes == (2 << 20) / 3 * 6 + 1);
    CHECK(profiles[2].max_allowed_count == 1);
    CHECK(profiles[2].least_bytes == 6291457);
    CHECK(profiles[2].most_bytes == -1);

    const Report report = check_msccl_text(text, msccl::Runtime::rccl);
    const Violation& deadlock = only_deadlock(report);
    CHECK(deadlock.detail.find("at messages of 6291457 bytes (maxAllowedCount 1") !=
          std::string::npos);
    CHECK(deadlock.detail.find("gpu 0 tb 0 step 1 (call 3 of 3) waits for room") !=
          std::string::npos);
    CHECK(report.asynchronous->bounded_fifos.find("hangs at bytes 6291457..") != std::string::npos);
    // Capped below that size, the file is never run with one chunk a call: it holds.
    const Report capped = check_msccl_text(
        replace_once(text, "maxBytes=\"0\"", "maxBytes=\"6291456\""), msccl::Runtime::rccl);
    CHECK(capped.verdict == Verdict::holds);
}
