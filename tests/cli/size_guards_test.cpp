// Sizes past what the checker can index are refused by name, never a signal
// or a false success (issue 47, "Crashes"; issue 49, the too-large ring's
// message). Each row is a reproducer that crashed or misled before.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "tests/test_support.hpp"

using namespace trivcheck::testing;

namespace {

const std::string too_many_ranks = "ranks (2^30), the most any command takes\n";

}  // namespace

TEST_CASE("size guards: a torus or ring past 2^30 ranks is a usage error naming the limit") {
    const std::string over = "' has more than 1073741824 " + too_many_ranks;
    check_refusals({
        // Before: SIGFPE (2^48 ranks in an int is 0); gen wrote "ranks": 0 and exited 0.
        {"check --algo trivance --form L --topo torus:65536x65536x65536", 2,
         "error: --topo: 'torus:65536x65536x65536" + over},
        {"draw --algo trivance --form L --topo torus:65536x65536x65536 -o " +
             unique_temp_path("drawn") + ".svg",
         2, "error: --topo: 'torus:65536x65536x65536" + over},
        {"shrink --algo trivance --form L --topo torus:65536x65536x65536", 2,
         "error: --topo: 'torus:65536x65536x65536" + over},
        {"gen --algo trivance --form L --topo torus:65536x65536x65536 -o " +
             unique_temp_path("gen") + ".json",
         2, "error: --topo: 'torus:65536x65536x65536" + over},
        // Before: "unknown (internal error): vector::reserve", and exit 2 with an internal message.
        {"check --algo ring --form B --topo torus:46341x46341", 2,
         "error: --topo: 'torus:46341x46341" + over},
        {"check --algo ring --form B --topo torus:4096x4096x4096", 2,
         "error: --topo: 'torus:4096x4096x4096" + over},
        // Before: "expected a positive size" for a size that is one.
        {"check --algo ring --form B --topo ring:1073741825", 2,
         "error: --topo: 'ring:1073741825" + over},
        {"check --algo ring --form B --topo ring:99999999999999999999", 2,
         "error: --topo: 'ring:99999999999999999999" + over},
    });
}

TEST_CASE("size guards: ring B at the largest n has more blocks than an index holds: exit 4") {
    const std::string reason =
        "ring-B-1073741824 has 2147483648 blocks, more than the 2147483647 a block index holds\n";
    // Before: SIGABRT, `Assertion 'block >= 0 && block < modulus'` in models/block_set.cpp.
    check_refusals({
        {"mutate --algo ring --form B --n 1073741824", 4, "unknown (resource limit): " + reason},
    });
    // check --n estimates each size before it builds it: refused by the estimate first.
    const CommandOutput smallest = run_trivcheck("check --algo ring --form B --n 1073741824");
    CHECK(smallest.exit_code == 4);
    CHECK(smallest.out.find("1 too large to check (from n = 1073741824: checking ring B "
                            "ring:1073741824 (2147483646 steps") != std::string::npos);
    const CommandOutput sweep = run_trivcheck("sweep --algo ring --form B --n 1073741824");
    CHECK(sweep.exit_code == 4);
}
