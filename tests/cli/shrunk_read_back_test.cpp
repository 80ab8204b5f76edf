// What `shrink -o` writes reads back with `check` and keeps the violation it
// claims (issue 49, item 1, for shrink): a schedule, an MSCCL-IR program, an
// MSCCL++ plan and a generator's mutant, each shrunk keeping its kind, then
// checked as a file. Before, a shrunk plan that had lost thread blocks kept
// their ids, and `check` refused it (`threadblocks[0].id: 5 out of range`).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "tests/test_support.hpp"

using namespace trivcheck::testing;

TEST_CASE("shrunk read back: every kind of file shrink writes is violated the same way") {
    struct Shrunk {
        std::string made;  // gen's arguments for the input ("" : shrink generates)
        std::string extension;
        std::string shrink;  // shrink's arguments after the input
        std::string kind;
    };
    const std::vector<Shrunk> cases = {
        {"--algo trivance --form L --topo ring:10", ".json", "--kind double_count", "double_count"},
        {"--algo trivance --form L --topo ring:10 --format msccl --runtime msccl", ".xml",
         "--kind double_count", "double_count"},
        {"--algo trivance --form L --topo ring:4 --format mscclpp", ".json", "--kind double_count",
         "double_count"},
        {"", ".json", "--algo trivance --form B --topo ring:27 --mutation block_dropped",
         "missing"},
    };
    for (const Shrunk& shrunk : cases) {
        CAPTURE(shrunk.made);
        CAPTURE(shrunk.shrink);
        std::string input;
        if (!shrunk.made.empty()) {
            input = unique_temp_path("trivcheck-shrink-input") + shrunk.extension;
            REQUIRE(run_trivcheck("gen " + shrunk.made + " -o " + input).exit_code == 0);
        }
        const std::string output = unique_temp_path("trivcheck-shrunk") + shrunk.extension;
        const CommandOutput shrinking =
            run_trivcheck_with_errors("shrink " + input + " " + shrunk.shrink + " -o " + output);
        CHECK(shrinking.exit_code == 1);
        const CommandOutput check = run_trivcheck_with_errors("check " + output);
        CHECK(check.exit_code == 1);
        CHECK(check.out.find("\nviolations: ") != std::string::npos);
        CHECK(check.out.find(shrunk.kind + " ") != std::string::npos);
        // Its JSON report too (a file check refuses would give none).
        CHECK(run_trivcheck("check --json " + output).out.find("\"verdict\": \"violated\"") !=
              std::string::npos);
    }
}
