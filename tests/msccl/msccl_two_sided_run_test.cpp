// The value side of an MSCCL-IR run on a second thread gives the report it
// gives after the order side on one thread (checker/msccl/
// two_sided_run.hpp): on every real file, every mutant of every operator
// (races, deadlocks, double counts, missing values), and exported programs.
#include <doctest/doctest.h>

#include <cstddef>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "checker/lowering/msccl_lowering.hpp"
#include "checker/msccl/asynchronous_check.hpp"
#include "checker/msccl/flat_steps.hpp"
#include "checker/msccl_xml/msccl_xml_reader.hpp"
#include "checker/reports/report_json.hpp"
#include "checker/search/msccl_mutation.hpp"
#include "tests/msccl_test_support.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

/// The JSON report of `program` with the value side on its own thread
/// (`two_threads` true, whatever the program's size) or after the order side.
std::string report_text(const msccl::Program& program, bool two_threads) {
    msccl::AsynchronousOptions options;
    options.two_threads_from_steps = two_threads ? 0 : std::numeric_limits<std::size_t>::max();
    return report_to_json(msccl::check_program(program, options)).dump();
}

std::size_t flat_step_count(const msccl::Program& program) {
    const msccl::ProgramLayout layout(program);
    return msccl::FlatSteps(layout).count();
}

/// Programs whose two reports differ.
int disagreements(const std::vector<msccl::Program>& programs) {
    int differing = 0;
    for (const msccl::Program& program : programs)
        differing += report_text(program, true) == report_text(program, false) ? 0 : 1;
    return differing;
}

}  // namespace

MSCCL_CORPUS_TEST_CASE(
    "msccl two-sided run: one thread or two, the same report on every real "
    "file and its mutants") {
    std::vector<msccl::Program> programs;
    int violated = 0;
    for (const auto& entry : std::filesystem::directory_iterator(msccl_corpus_dir())) {
        if (entry.path().extension() != ".xml") continue;
        const std::string name = entry.path().filename().string();
        const msccl::Program program = parse_msccl_xml(corpus_text(name), name);
        programs.push_back(program);
        for (const auto& mutation : msccl::program_mutation_operators())
            for (msccl::ProgramMutant& mutant : mutation.mutate(program, 3)) {
                violated += msccl::check_program(mutant.program).verdict == Verdict::violated;
                programs.push_back(std::move(mutant.program));
            }
    }
    CHECK(programs.size() >= 40);
    CHECK(violated >= 30);  // the comparison covers violations, not only programs that hold
    CHECK(disagreements(programs) == 0);
}

TEST_CASE("msccl two-sided run: one thread or two, the same report on exported programs") {
    std::vector<msccl::Program> programs;
    for (const char* algo : {"trivance", "recursive_doubling", "swing", "ring"})
        programs.push_back(msccl::lower_to_msccl(ring_schedule(algo, Form::B, 16)));
    // 16,128 steps: more than one thread's ring holds, which is read each time it fills.
    programs.push_back(msccl::lower_to_msccl(ring_schedule("ring", Form::B, 64)));
    CHECK(flat_step_count(programs.back()) > 10000);
    CHECK(disagreements(programs) == 0);
}
