// docs/scale-out.md: the sweep as 3 shards under GNU parallel
// (scripts/sweep-shards), merged by the documented sort, is the single run.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "tests/required_inputs.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck::testing;

TEST_CASE("sweep shards under GNU parallel, merged by the documented sort, equal the single run") {
    for (const char* program : {"parallel", "jq"})
        if (!program_on_path(program)) {
            // CI installs both (scripts/install-deps): there a missing one fails.
            REQUIRE_MESSAGE(!running_in_ci(), program << " is missing under CI=true");
            MESSAGE("skipped: " << program << " is not installed (Debian package " << program
                                << ")");
            return;
        }
    const std::string sweep = "--algo trivance,ring --form both --n 2..40";
    const CommandOutput single = run_trivcheck("sweep " + sweep + " --json");
    const CommandOutput merged =
        run_shell("TRIVCHECK=" TRIVCHECK_BINARY " " + source_path("scripts/sweep-shards") + " 3 " +
                  sweep + " 2>/dev/null");
    CHECK(single.exit_code == 1);  // Trivance L double-counts for n not a power of 3
    CHECK(merged.exit_code == single.exit_code);
    CHECK(std::count(single.out.begin(), single.out.end(), '\n') == 3 * 39 + 1);  // + summary
    CHECK(merged.out == single.out);
}
