// --runtime rccl and --runtime msccl: each runtime's limits on MSCCL-IR files,
// each a runtime_limit violation naming the limit, the runtime's rule and the
// measured value (ROCm/rccl 0cbce2a7, microsoft/msccl b23e9cd).
#include "tests/msccl_test_support.hpp"
#include "tests/test_support.hpp"

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

/// ring_program with the attributes RCCL requires (minBytes, maxBytes, outofplace).
msccl::Program complete_ring_program(int gpus, const std::vector<msccl::StepType>& types,
                                     int count) {
    msccl::Program program = ring_program(gpus, types, count);
    program.min_bytes = 0;
    program.max_bytes = 0;
    program.out_of_place = true;
    return program;
}

Report checked(const msccl::Program& program, msccl::Runtime runtime) {
    msccl::AsynchronousOptions options;
    options.runtime = runtime;
    return msccl::check_program(program, options);
}

/// How many runtime_limit violations the report has.
std::int64_t limits(const Report& report) {
    const auto found = report.violation_counts.find(ViolationKind::runtime_limit);
    return found == report.violation_counts.end() ? 0 : found->second;
}

/// The one runtime_limit violation named `limit` (there must be exactly `limits` in all).
const Violation& only_limit(const Report& report, const std::string& limit, int expected = 1) {
    REQUIRE(report.violation_counts.count(ViolationKind::runtime_limit) == 1);
    REQUIRE(report.violation_counts.at(ViolationKind::runtime_limit) == expected);
    for (const Violation& violation : report.violations)
        if (violation.kind == ViolationKind::runtime_limit && violation.limit == limit)
            return violation;
    FAIL("no runtime_limit " << limit);
    throw;
}

}  // namespace

MSCCL_CORPUS_TEST_CASE("msccl runtime: the real files under RCCL, microsoft/msccl and none") {
    // Three of the five use full ops (rcs, rrc, rrs, rrcs), which this RCCL refuses at
    // launch; microsoft/msccl, which the files were written for, runs all five.
    const std::vector<std::pair<const char*, int>> files = {{"ndv4_r48ll.xml", 832},
                                                            {"ndv4_ag-1k-512k.xml", 0},
                                                            {"ncv4_ar_hier_12_Simple.xml", 48},
                                                            {"ncv4_ag_hier_4_Simple.xml", 16},
                                                            {"ndv4_a2a2ll.xml", 0}};
    for (const auto& [name, full_ops] : files) {
        CAPTURE(name);
        const std::string text = corpus_text(name);
        const Report rccl = check_msccl_text(text, msccl::Runtime::rccl);
        CHECK(rccl.asynchronous->runtime == "rccl");
        if (full_ops == 0) {
            CHECK(rccl.verdict == Verdict::holds);
        } else {
            const Violation& refused = only_limit(rccl, "full_ops");
            CHECK(refused.measured == full_ops);
            CHECK(refused.detail.find("this version of MSCCL build doesn't support full Ops") !=
                  std::string::npos);
            CHECK(refused.detail.find("mscclSetupKernel, msccl_setup.cc") != std::string::npos);
            CHECK(refused.detail.find("[ROCm/rccl 0cbce2a7]") != std::string::npos);
        }
        const Report microsoft = check_msccl_text(text, msccl::Runtime::msccl);
        CHECK(microsoft.verdict == Verdict::holds);
        CHECK(microsoft.asynchronous->runtime == "msccl");
        CHECK(check_msccl_text(text).asynchronous->runtime == "none");
    }
}

TEST_CASE("msccl runtime: steps, thread blocks and cnt against each runtime's numbers") {
    SUBCASE("65 steps: RCCL refuses (64), microsoft/msccl runs it (256)") {
        const msccl::Program program = complete_ring_program(4, alternating(66), 1);
        const Report rccl = checked(program, msccl::Runtime::rccl);
        CHECK(rccl.violation_counts.at(ViolationKind::runtime_limit) == 4);  // one per gpu
        const Violation& steps = rccl.violations.front();
        CHECK(steps.limit == "steps_per_thread_block");
        CHECK(steps.limit_value == 64);
        CHECK(steps.measured == 66);
        CHECK(steps.rank == 0);
        CHECK(steps.thread_block == 0);
        CHECK(limits(checked(complete_ring_program(4, alternating(64), 1), msccl::Runtime::rccl)) ==
              0);
        CHECK(limits(checked(program, msccl::Runtime::msccl)) == 0);
    }
    SUBCASE("300 steps: microsoft/msccl refuses too (256)") {
        const Report report =
            checked(complete_ring_program(4, alternating(300), 1), msccl::Runtime::msccl);
        CHECK(report.violation_counts.at(ViolationKind::runtime_limit) == 4);
        CHECK(report.violations.front().limit_value == 256);
        CHECK(report.violations.front().measured == 300);
        // Without --runtime the same program is only checked for meaning.
        CHECK(msccl::check_program(ring_program(4, alternating(300), 1))
                  .violation_counts.count(ViolationKind::runtime_limit) == 0);
    }
    SUBCASE("an s of 64 on the only step: RCCL reads s, not the position") {
        msccl::Program program = complete_ring_program(2, alternating(2), 1);
        program.gpus[0].thread_blocks[0].steps[1].index = 64;
        const Report report = checked(program, msccl::Runtime::rccl);
        const Violation& steps = only_limit(report, "steps_per_thread_block");
        CHECK(steps.measured == 65);
        CHECK(steps.rank == 0);
    }
    SUBCASE("a thread block id of 64") {
        msccl::Program program = complete_ring_program(2, alternating(2), 1);
        for (int id = 1; id <= 64; ++id)
            program.gpus[0].thread_blocks.push_back({id, -1, -1, 0, {}});
        const Report report = checked(program, msccl::Runtime::rccl);
        const Violation& blocks = only_limit(report, "thread_blocks");
        CHECK(blocks.limit_value == 64);
        CHECK(blocks.measured == 65);
        CHECK(blocks.detail ==
              "gpu 0 has thread block 64; RCCL allows ids below 64 (MSCCL_MAX_NUM_THREAD_BLOCKS) "
              "[ROCm/rccl 0cbce2a7]");
        program.gpus[0].thread_blocks.pop_back();
        CHECK(limits(checked(program, msccl::Runtime::rccl)) == 0);
        program.gpus[0].thread_blocks.push_back({64, -1, -1, 0, {}});
        CHECK(limits(checked(program, msccl::Runtime::msccl)) == 0);
    }
    SUBCASE("cnt 72") {
        const Report report =
            checked(complete_ring_program(2, alternating(2), 72), msccl::Runtime::rccl);
        const Violation& count = only_limit(report, "count", 4);  // both steps of both gpus
        CHECK(count.limit_value == 71);
        CHECK(count.measured == 72);
        CHECK(count.step == 0);
        CHECK(checked(complete_ring_program(2, alternating(2), 71), msccl::Runtime::rccl)
                  .violation_counts.count(ViolationKind::runtime_limit) == 0);
    }
}

TEST_CASE("msccl runtime rccl: minBytes, maxBytes and outofplace are required") {
    msccl::Program program = complete_ring_program(2, alternating(2), 1);
    program.max_bytes.reset();
    const Report report = checked(program, msccl::Runtime::rccl);
    const Violation& missing = only_limit(report, "required_attribute");
    CHECK(missing.detail ==
          "<algo> has no maxBytes; RCCL's parser reads it without a default and refuses the file "
          "(mscclGetAlgoFromXmlFile, msccl_parser.cc) [ROCm/rccl 0cbce2a7]");
    program.out_of_place.reset();
    program.min_bytes.reset();
    CHECK(
        checked(program, msccl::Runtime::rccl).violation_counts.at(ViolationKind::runtime_limit) ==
        3);
    // microsoft/msccl defaults minBytes and maxBytes and does not read outofplace.
    CHECK(limits(checked(program, msccl::Runtime::msccl)) == 0);
}

MSCCL_CORPUS_TEST_CASE("msccl runtime rccl: a gap in the thread block ids") {
    const std::string broken =
        replace_in_block(corpus_text("ndv4_a2a2ll.xml"), 0, 27, R"(<tb id="27")", R"(<tb id="28")");
    const Report report = check_msccl_text(broken, msccl::Runtime::rccl);
    const Violation& gap = only_limit(report, "thread_block_ids");
    CHECK(gap.rank == 0);
    CHECK(gap.limit_value == 27);
    CHECK(gap.measured == 28);
    CHECK(gap.detail ==
          "gpu 0 has no thread block 27 but has 28; RCCL needs ids 0, 1, 2, ... without gaps "
          "[ROCm/rccl 0cbce2a7]");
    // The program itself still means the same: without --runtime it holds.
    CHECK(check_msccl_text(broken).verdict == Verdict::holds);
}

MSCCL_CORPUS_TEST_CASE(
    "msccl runtime rccl: a nop carrying a dependency before a step without one") {
    // gpu 0 tb 24: step 0 (depid 0) becomes a nop; step 1 has no dependency to merge it into.
    const std::string broken =
        replace_in_block(corpus_text("ncv4_ar_hier_12_Simple.xml"), 0, 24,
                         R"(<step s="0" type="s")", R"(<step s="0" type="nop")");
    const Report report = check_msccl_text(broken, msccl::Runtime::msccl);
    const Violation& run = only_limit(report, "nop_run");
    CHECK(run.rank == 0);
    CHECK(run.thread_block == 24);
    CHECK(run.step == 1);
    CHECK(run.measured == 1);
}

MSCCL_CORPUS_TEST_CASE(
    "msccl runtime: check names the runtime it judged against, and exits 1 "
    "where RCCL refuses the file") {
    const std::string file = msccl_corpus_dir() + "/ndv4_r48ll.xml";
    const CommandOutput none = run_trivcheck("check " + file);
    CHECK(none.exit_code == 0);
    CHECK(none.out.find("runtime: none (the model alone; --runtime rccl or msccl judges the file "
                        "as that runtime runs it)\n") != std::string::npos);
    const CommandOutput rccl = run_trivcheck("check " + file + " --runtime rccl");
    CHECK(rccl.exit_code == 1);
    CHECK(rccl.out.find("runtime: rccl (judged as ROCm/rccl 0cbce2a7 runs it, its limits "
                        "included)\n") != std::string::npos);
    CHECK(rccl.out.find("limit full_ops: 0, measured 832") != std::string::npos);
    const CommandOutput msccl = run_trivcheck("check " + file + " --runtime msccl --json");
    CHECK(msccl.exit_code == 0);
    CHECK(msccl.out.find(R"("runtime": "msccl")") != std::string::npos);
}
