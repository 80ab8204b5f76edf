// RCCL's LL send ends without a barrier and a flag is stored by one thread
// (checker/msccl/ll_send_barrier.hpp): programs of tests/msccl/runtime/ that
// hold in the model and under microsoft/msccl, race under RCCL, and their twins.
#include "tests/msccl_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

TEST_CASE("msccl LL send barrier: a write the LL send may still read races under rccl") {
    struct Case {
        const char* file;
        const char* detail;
    };
    for (const Case& broken :
         {Case{"ll-send-reuse.xml",
               "on gpu 0, tb 0 step 2 writes s[0] while tb 0 step 1 (LL s) may still read it: tb 0 "
               "step 2 runs while other threads of its thread block may still be in the LL send"},
          Case{"ll-send-flag.xml",
               "on gpu 0, tb 1 step 1 writes i[0] while tb 0 step 0 (LL s) may still read it: tb 1 "
               "step 1 waits for the LL send's flag, which one thread stores after its own "
               "share"}}) {
        CAPTURE(broken.file);
        const std::string text = runtime_program_text(broken.file);
        CHECK(check_msccl_text(text).verdict == Verdict::holds);
        CHECK(check_msccl_text(text, msccl::Runtime::msccl).verdict == Verdict::holds);
        const Report report = check_msccl_text(text, msccl::Runtime::rccl);
        CHECK(report.verdict == Verdict::violated);
        REQUIRE(report.violation_counts.size() == 1);
        CHECK(report.violation_counts.at(ViolationKind::race) == 2);  // one a gpu
        REQUIRE(!report.violations.empty());
        CHECK(report.violations.front().detail.starts_with(broken.detail));
        CHECK(report.violations.front().points.size() == 2);

        const std::string fixed_name =
            std::string(broken.file).replace(std::string(broken.file).size() - 4, 4, "-fixed.xml");
        CAPTURE(fixed_name);
        for (const msccl::Runtime runtime :
             {msccl::Runtime::none, msccl::Runtime::rccl, msccl::Runtime::msccl})
            CHECK(check_msccl_text(runtime_program_text(fixed_name), runtime).verdict ==
                  Verdict::holds);
    }
}

TEST_CASE("msccl LL send barrier: the same programs in Simple hold under rccl") {
    for (const char* file : {"ll-send-reuse.xml", "ll-send-flag.xml"}) {
        CAPTURE(file);
        const std::string simple =
            replace_once(runtime_program_text(file), "proto=\"LL\"", "proto=\"Simple\"");
        CHECK(check_msccl_text(simple, msccl::Runtime::rccl).verdict == Verdict::holds);
    }
}
