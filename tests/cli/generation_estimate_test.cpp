// A generated schedule too large to build is refused before the generator
// builds it (checker/execution/memory_estimate.hpp,
// refuse_generation_above_limit; issue 47, "Limits that do not hold"): its
// step count alone, one step record and one message each (the ring's orbit),
// passes the limit. Before: `check --algo ring --form B --topo ring:1073741823` built for
// 60 s and 2.5 GB before its estimate; `gen` of ring:268435456 under
// --memory-limit 1 ran into the OOM killer at 23.7 GB.
#include <doctest/doctest.h>

#include <string>

#include "tests/test_support.hpp"

using namespace trivcheck::testing;

TEST_CASE("generation estimate: a ring B too large to build is exit 4 at once") {
    const CommandOutput check =
        run_trivcheck_stderr("check --algo ring --form B --topo ring:1073741823");
    CHECK(check.exit_code == 4);
    CHECK(check.out.find("unknown (resource limit): checking ring B ring:1073741823 "
                         "(2147483644 steps, 2147483644 messages) needs at least ") !=
          std::string::npos);
    CHECK(check.out.find(" MiB to build and check, more than the limit of ") != std::string::npos);
    const CommandOutput gen = run_trivcheck_stderr(
        "gen --algo ring --form B --topo ring:268435456 --memory-limit 1 -o /dev/null");
    CHECK(gen.exit_code == 4);
    CHECK(gen.out.find("generating ring B ring:268435456 (536870910 steps, 536870910 messages) "
                       "needs at least ") != std::string::npos);
    CHECK(gen.out.find("more than the limit of 1 MiB; refused before building it") !=
          std::string::npos);
    // Under the limit, as before.
    CHECK(run_trivcheck("gen --algo ring --form B --topo ring:64 --memory-limit 1 -o /dev/null")
              .exit_code == 0);
}

TEST_CASE("generation estimate: check --n refuses a size too large before building it") {
    // find_smallest_failing_size built each n before any estimate: Bruck B on
    // ring:10000000 under --memory-limit 100 ran into the address-space cap
    // ("out of memory at the limit of 100 MiB") after allocating it.
    const CommandOutput check = run_trivcheck_with_errors(
        "check --algo bruck --form B --n 2..4,10000000 --memory-limit 100");
    CHECK(check.exit_code == 4);
    CHECK(check.out.find("bruck B: no failing n (n in 2..4,10000000; 3 checked, 1 too large to "
                         "check (from n = 10000000: checking bruck B ring:10000000 (") !=
          std::string::npos);
    CHECK(check.out.find("more than the limit of 100 MiB; refused before building it)") !=
          std::string::npos);
    CHECK(check.out.find("out of memory") == std::string::npos);
    // The sizes under the limit are checked as before.
    CHECK(run_trivcheck("check --algo bruck --form B --n 2..4 --memory-limit 100").exit_code == 0);
}
