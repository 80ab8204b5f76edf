// The parser's step rules (checker/msccl/parser_step_rules.hpp): programs of
// tests/msccl/runtime/ that hold as written but that RCCL's parser and step
// counter change, each violated under --runtime rccl and msccl with the rule
// named, and its fixed twin holding under every runtime.
#include "tests/msccl_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

TEST_CASE(
    "msccl parser step rules: each broken program is violated under a runtime, its twin holds") {
    struct Case {
        const char* file;
        const char* rule;
        ViolationKind kind;
    };
    for (const Case& broken :
         {Case{"nop-hasdep-wait.xml", "nop hasdep dropped", ViolationKind::unsignalled_wait},
          Case{"counter-skips-nop.xml", "step counter skips nops without depid",
               ViolationKind::unsignalled_wait},
          Case{"fused-re-counts.xml", "re fused", ViolationKind::missing}}) {
        CAPTURE(broken.file);
        const std::string text = runtime_program_text(broken.file);
        // The model alone reads the steps as written: it holds.
        CHECK(check_msccl_text(text).verdict == Verdict::holds);
        for (const msccl::Runtime runtime : {msccl::Runtime::rccl, msccl::Runtime::msccl}) {
            const Report report = check_msccl_text(text, runtime);
            CHECK(report.verdict == Verdict::violated);
            CHECK(report.violation_counts.count(broken.kind) == 1);
            CHECK(report.violation_counts.count(ViolationKind::runtime_limit) == 0);
            CHECK(names_runtime_rule(report, broken.rule));
        }
        const std::string fixed_name =
            std::string(broken.file).replace(std::string(broken.file).size() - 4, 4, "-fixed.xml");
        const std::string fixed = runtime_program_text(fixed_name);
        for (const msccl::Runtime runtime :
             {msccl::Runtime::none, msccl::Runtime::rccl, msccl::Runtime::msccl}) {
            CAPTURE(fixed_name);
            const Report report = check_msccl_text(fixed, runtime);
            CHECK(report.verdict == Verdict::holds);
            CHECK(report.asynchronous->runtime_rules.empty());
        }
    }
}

TEST_CASE("msccl parser step rules: the exact rule lines") {
    const Report nop =
        check_msccl_text(runtime_program_text("nop-hasdep-wait.xml"), msccl::Runtime::rccl);
    // Per gpu: the nop's hasdep, and the counter that skips that nop (it has no depid).
    REQUIRE(nop.asynchronous->runtime_rules.size() == 4);
    CHECK(nop.asynchronous->runtime_rules.front() ==
          "nop hasdep dropped: gpu 0 tb 0 step 2 is a nop with hasdep=\"1\"; the parser keeps "
          "hasdep only on transmissions, so nothing signals it (mscclGetAlgoFromXmlFile, "
          "msccl_parser.cc)");
    const Report counter =
        check_msccl_text(runtime_program_text("counter-skips-nop.xml"), msccl::Runtime::rccl);
    REQUIRE(counter.asynchronous->runtime_rules.size() == 2);
    CHECK(counter.asynchronous->runtime_rules.front() ==
          "step counter skips nops without depid: gpu 0 tb 1 step 0 waits for deps=2 of tb 0, "
          "and the counter reaches 2 at no step: the wait never ends (mscclRunInterpreter, "
          "msccl_kernel_impl.h)");
    const Report fused =
        check_msccl_text(runtime_program_text("fused-re-counts.xml"), msccl::Runtime::rccl);
    REQUIRE(fused.asynchronous->runtime_rules.size() == 3);
    CHECK(fused.asynchronous->runtime_rules.front() ==
          "re fused: gpu 0 tb 2 step 1..2 are 2 consecutive re into one dst chunk, fused into "
          "one reduction with the last step's cnt 1 (mscclGetAlgoFromXmlFile, msccl_parser.cc; "
          "mscclReduce, msccl_kernel_impl.h)");
    // i[1] of every gpu lacks the peer contribution the fused step no longer adds.
    CHECK(fused.violation_counts.at(ViolationKind::missing) == 3);
}
