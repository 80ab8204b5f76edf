// What a command prints on standard output either all arrives or the command
// says so and exits 3: before, `gen ... > /dev/full` (every write fails with
// ENOSPC) exited 0 with nothing written (cli/standard_output.hpp).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "tests/test_support.hpp"

using namespace trivcheck::testing;

TEST_CASE("standard output: a full disk is exit 3 with the reason, for every printing command") {
    const std::vector<std::string> commands = {
        "gen --algo trivance --form B --topo ring:729",           // one large write
        "gen --algo ring --form B --topo ring:4",                 // fits in one buffer
        "check --algo ring --form B --topo ring:4 --json",        //
        "check --algo ring --form B --topo ring:4",               //
        "sweep --algo ring --form B --n 4..6 --json --jobs 1",    // JSON lines
        "model --topo ring:8 --algo ring-B --m 1KiB --csv",       //
        "draw --algo trivance --form L --topo ring:10 --step 2",  //
    };
    for (const std::string& command : commands) {
        CAPTURE(command);
        const CommandOutput complete =
            run_shell(std::string(TRIVCHECK_BINARY) + " " + command + " >/dev/null 2>&1");
        REQUIRE(complete.exit_code == 0);
        const CommandOutput full =
            run_shell(std::string(TRIVCHECK_BINARY) + " " + command + " 2>&1 >/dev/full");
        CHECK(full.exit_code == 3);
        CHECK(full.out.find("error: standard output: No space left on device\n") !=
              std::string::npos);
    }
}
