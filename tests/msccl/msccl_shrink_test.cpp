// Shrinking MSCCL-IR programs (checker/search/msccl_shrink): the smallest
// program that still fails the same way, with its exact size; and its picture.

#include "checker/search/msccl_shrink.hpp"

#include <doctest/doctest.h>

#include <string>

#include "checker/lowering/msccl_lowering.hpp"
#include "checker/msccl/asynchronous_check.hpp"
#include "checker/pictures/msccl_timeline_svg.hpp"
#include "checker/search/msccl_mutation.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

TEST_CASE("msccl shrink: the exported published Trivance L of 4 keeps its double count") {
    const msccl::Program program = msccl::lower_to_msccl(ring_schedule("trivance", Form::L, 4));
    CHECK(msccl::program_size(program) == "4 gpus, 8 thread blocks, 32 steps");
    const msccl::ProgramShrinkResult result =
        msccl::shrink_program(program, ViolationKind::double_count);
    CHECK(
        msccl::check_program(result.program).violation_counts.count(ViolationKind::double_count) ==
        1);
    // One copy arriving twice: two sends of gpu 2, the two rrc of gpu 1 that
    // add them to its own partial, and the (empty) thread block of gpu 3 that
    // gpu 2's receiving end names.
    CHECK(msccl::program_size(result.program) == "4 gpus, 3 thread blocks, 4 steps");
}

TEST_CASE("msccl shrink: a dropped dependency of an exported Trivance keeps its race") {
    const msccl::Program ring = msccl::lower_to_msccl(ring_schedule("trivance", Form::B, 9));
    const msccl::Program mutant =
        msccl::program_mutation_operators().front().mutate(ring, 2).front().program;
    REQUIRE(msccl::check_program(mutant).violation_counts.count(ViolationKind::race) == 1);
    const msccl::ProgramShrinkResult result = msccl::shrink_program(mutant, ViolationKind::race);
    CHECK(msccl::check_program(result.program).violation_counts.count(ViolationKind::race) == 1);
    // The two unordered accesses, and the send whose message the writing step receives.
    CHECK(msccl::program_size(result.program) == "9 gpus, 4 thread blocks, 3 steps");
    const Report report = msccl::check_program(result.program);
    std::string race;
    for (const Violation& violation : report.violations)
        if (violation.kind == ViolationKind::race) race = violation.detail;
    CHECK(race ==
          "on gpu 1, tb 0 step 0 writes i[6] and tb 1 step 0 reads i[6], unordered: no program "
          "order, message or dependency leads from one to the other (no step of tb 0 is ordered "
          "before it)");
}

TEST_CASE("msccl draw: the shrunk double count as a timeline, its reduction in red") {
    const msccl::Program program = msccl::lower_to_msccl(ring_schedule("trivance", Form::L, 4));
    const msccl::Program small =
        msccl::shrink_program(program, ViolationKind::double_count).program;
    const Report report = msccl::check_program(small);
    const Violation* double_count = nullptr;
    for (const Violation& violation : report.violations)
        if (violation.kind == ViolationKind::double_count) double_count = &violation;
    REQUIRE(double_count != nullptr);
    const std::string svg = msccl_timeline_svg(small, double_count);
    auto count = [&](const std::string& text) {
        std::size_t found = 0;
        for (std::size_t at = svg.find(text); at != std::string::npos; at = svg.find(text, at + 1))
            ++found;
        return found;
    };
    CHECK(count("trivance-L-4: double_count") == 1);
    CHECK(count("gpu 2 tb 1 -&gt;1 &lt;-3") == 1);
    CHECK(count("gpu 1 tb 1 -&gt;0 &lt;-2") == 1);
    CHECK(count("marker-end=\"url(#message)\"") == 2);
    CHECK(count("marker-end=\"url(#wait)\"") == 0);
    // The reduction that adds the second copy: the one step the violation names.
    CHECK(count("stroke=\"#cc0000\"") == double_count->points.size());
    CHECK(count("fill=\"none\" fill=") == 0);
}
