// MSCCL-IR mutation operators (checker/search/msccl_mutation) on the real
// files: each operator's middle mutant and the exact first violation the
// asynchronous check finds in it.

#include "checker/search/msccl_mutation.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "checker/lowering/msccl_lowering.hpp"
#include "checker/msccl/asynchronous_check.hpp"
#include "checker/msccl_xml/msccl_xml_reader.hpp"
#include "checker/search/msccl_mutation_score.hpp"
#include "tests/msccl_test_support.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

/// "kind at gpu G tb T step S" of the first violation, or the verdict when none.
std::string first_violation(const msccl::Program& program) {
    const Report report = msccl::check_program(program);
    if (report.violations.empty()) return to_string(report.verdict);
    const Violation& violation = report.violations.front();
    return std::string(to_string(violation.kind)) + " at gpu " + std::to_string(violation.rank) +
           " tb " + std::to_string(violation.thread_block) + " step " +
           std::to_string(violation.step);
}

}  // namespace

/// One operator's middle mutant of one corpus file: where, and what it breaks
/// ("" where the operator has no site in that file).
struct CorpusMutant {
    std::string file;
    std::string mutation;
    std::string site;
    std::string first_violation;
};

MSCCL_CORPUS_TEST_CASE(
    "msccl mutation: every operator on every real file, with its exact violation") {
    // "holds": the mutant is equivalent (two independent steps swapped); the
    // score lists it as a survivor, never as caught.
    const std::vector<CorpusMutant> expected = {
        {"ndv4_r48ll.xml", "drop_dependency", "", ""},
        {"ndv4_r48ll.xml", "drop_send", "gpu 4 tb 0 step 0", "deadlock at gpu 5 tb 0 step 3"},
        {"ndv4_r48ll.xml", "shift_offset", "gpu 4 tb 0 step 0", "race at gpu 4 tb 4 step 2"},
        {"ndv4_r48ll.xml", "swap_steps", "gpu 4 tb 0 step 0", "missing at gpu 0 tb -1 step -1"},
        {"ndv4_r48ll.xml", "wrong_buffer", "", ""},
        {"ndv4_r48ll.xml", "reduce_as_receive", "gpu 4 tb 1 step 1",
         "missing at gpu 0 tb -1 step -1"},
        {"ndv4_r48ll.xml", "duplicate_reduce", "", ""},
        {"ndv4_ag-1k-512k.xml", "drop_dependency", "", ""},
        {"ndv4_ag-1k-512k.xml", "drop_send", "gpu 4 tb 14 step 0", "deadlock at gpu 0 tb 6 step 0"},
        {"ndv4_ag-1k-512k.xml", "shift_offset", "gpu 3 tb 25 step 0", "race at gpu 3 tb 6 step 0"},
        {"ndv4_ag-1k-512k.xml", "swap_steps", "", ""},
        {"ndv4_ag-1k-512k.xml", "wrong_buffer", "", ""},
        {"ndv4_ag-1k-512k.xml", "reduce_as_receive", "", ""},
        {"ndv4_ag-1k-512k.xml", "duplicate_reduce", "", ""},
        {"ncv4_ar_hier_12_Simple.xml", "drop_dependency", "gpu 2 tb 0 step 0",
         "race at gpu 2 tb 12 step 1"},
        {"ncv4_ar_hier_12_Simple.xml", "drop_send", "gpu 2 tb 0 step 0",
         "race at gpu 2 tb 12 step 1"},
        {"ncv4_ar_hier_12_Simple.xml", "shift_offset", "gpu 2 tb 0 step 0",
         "missing at gpu 0 tb -1 step -1"},
        {"ncv4_ar_hier_12_Simple.xml", "swap_steps", "gpu 2 tb 0 step 0", "holds"},
        {"ncv4_ar_hier_12_Simple.xml", "wrong_buffer", "gpu 2 tb 0 step 0",
         "reduce_of_nothing at gpu 0 tb 24 step 2"},
        {"ncv4_ar_hier_12_Simple.xml", "reduce_as_receive", "gpu 2 tb 0 step 2",
         "missing at gpu 2 tb -1 step -1"},
        {"ncv4_ar_hier_12_Simple.xml", "duplicate_reduce", "gpu 2 tb 0 step 2",
         "double_count at gpu 2 tb 0 step 3"},
        {"ncv4_ag_hier_4_Simple.xml", "drop_dependency", "", ""},
        {"ncv4_ag_hier_4_Simple.xml", "drop_send", "gpu 2 tb 4 step 0",
         "deadlock at gpu 0 tb 4 step 1"},
        {"ncv4_ag_hier_4_Simple.xml", "shift_offset", "gpu 2 tb 0 step 0",
         "race at gpu 2 tb 1 step 0"},
        {"ncv4_ag_hier_4_Simple.xml", "swap_steps", "gpu 2 tb 0 step 0",
         "missing at gpu 2 tb -1 step -1"},
        {"ncv4_ag_hier_4_Simple.xml", "wrong_buffer", "gpu 2 tb 5 step 0",
         "race at gpu 2 tb 9 step 1"},
        {"ncv4_ag_hier_4_Simple.xml", "reduce_as_receive", "", ""},
        {"ncv4_ag_hier_4_Simple.xml", "duplicate_reduce", "", ""},
        {"ndv4_a2a2ll.xml", "drop_dependency", "", ""},
        {"ndv4_a2a2ll.xml", "drop_send", "gpu 4 tb 14 step 0", "deadlock at gpu 0 tb 6 step 0"},
        {"ndv4_a2a2ll.xml", "shift_offset", "gpu 4 tb 0 step 0", "race at gpu 4 tb 1 step 0"},
        {"ndv4_a2a2ll.xml", "swap_steps", "gpu 4 tb 14 step 0", "holds"},
        {"ndv4_a2a2ll.xml", "wrong_buffer", "gpu 4 tb 0 step 0", "race at gpu 4 tb 14 step 0"},
        {"ndv4_a2a2ll.xml", "reduce_as_receive", "", ""},
        {"ndv4_a2a2ll.xml", "duplicate_reduce", "", ""},
    };
    std::size_t row = 0;
    for (const std::string file :
         {"ndv4_r48ll.xml", "ndv4_ag-1k-512k.xml", "ncv4_ar_hier_12_Simple.xml",
          "ncv4_ag_hier_4_Simple.xml", "ndv4_a2a2ll.xml"}) {
        const msccl::Program program = parse_msccl_xml(corpus_text(file), file);
        for (const auto& mutation : msccl::program_mutation_operators()) {
            REQUIRE(row < expected.size());
            const CorpusMutant& want = expected[row++];
            CAPTURE(file);
            CAPTURE(want.mutation);
            CHECK(want.file == file);
            CHECK(want.mutation == std::string(mutation.name));
            const auto mutants = mutation.mutate(program, 1);
            if (want.site.empty()) {
                CHECK(mutants.empty());
                continue;
            }
            REQUIRE(mutants.size() == 1);
            CHECK(mutants[0].site == want.site);
            CHECK(first_violation(mutants[0].program) == want.first_violation);
        }
    }
    CHECK(row == expected.size());
}

TEST_CASE("msccl mutation: mutants of an exported Trivance and their score") {
    const msccl::Program program = msccl::lower_to_msccl(ring_schedule("trivance", Form::B, 9));
    const auto tallies = msccl::score_program_mutants(program, 2);
    std::vector<std::string> rows;
    for (const auto& tally : tallies) {
        std::string row =
            tally.name + " " + std::to_string(tally.caught) + "/" + std::to_string(tally.made);
        for (const auto& [kind, count] : tally.kinds)
            row += " " + kind + ":" + std::to_string(count);
        for (const auto& survivor : tally.survivors) row += " survived " + survivor.site;
        rows.push_back(row);
    }
    // The export receives in place (r, rrc, rcs, rrcs): there is no scratch
    // buffer for wrong_buffer to point at, and no re step to duplicate.
    CHECK(rows == std::vector<std::string>{"drop_dependency 2/2 race:2", "drop_send 2/2 deadlock:2",
                                           "shift_offset 2/2 missing:1 race:1",
                                           "swap_steps 2/2 unsignalled_wait:2", "wrong_buffer 0/0",
                                           "reduce_as_receive 2/2 missing:2",
                                           "duplicate_reduce 0/0"});
}
