// `mutate FILE.xml` on a program that does not hold: there is no correct
// original to mutate, which mutate's help and its generated-schedule path
// call unknown (exit 4). It exited 2 (usage) before.
#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "tests/msccl_test_support.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck::testing;

TEST_CASE("msccl mutate cli: a program that does not hold is unknown, exit 4") {
    std::string violated = two_gpu_allreduce_xml;
    // gpu 0 receives without reducing: its output misses its own contribution.
    violated.replace(violated.find("type=\"rrc\""), 10, "type=\"r\"");
    const std::string path = unique_temp_path("trivcheck-mutate-violated") + ".xml";
    std::ofstream(path) << violated;
    REQUIRE(run_trivcheck("check " + path).exit_code == 1);
    const CommandOutput run = run_trivcheck_stderr("mutate " + path);
    CHECK(run.exit_code == 4);
    CHECK(run.out == "unknown: " + path +
                         " is violated; no correct original to mutate (mutants of a wrong "
                         "program say nothing about the checker)\n");
}
