// Every symmetry fast path against the plain path (issue 19, item 2): with
// ExecuteOptions::use_symmetry false the executor runs every rank of the whole
// schedule, so the two sides below never share the orbit code. Every
// generator, form and variant, n = 2..200: the whole report (verdict,
// figures, named checks, violations with their paths and explanations) must
// be the same, and the one-rank orbit executed raw must give the same figures.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "checker/explanations/check.hpp"
#include "checker/reports/report_json.hpp"
#include "models/orbit_generator.hpp"
#include "models/rotation_symmetry.hpp"
#include "tests/execution/fast_path_agreement.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

namespace {

/// Compares the fast and the plain path for every request of every n in [first, last].
void check_sizes(int first, int last) {
    int symmetric = 0;
    for (int n = first; n <= last; ++n)
        symmetric += testing::check_fast_paths_agree(Topology::ring(n),
                                                     [](const Schedule&, const RotationOrbit&) {});
    CHECK(symmetric > 0);
}

}  // namespace

TEST_CASE("symmetry fast paths agree with plain all-rank execution, n = 2..40") {
    check_sizes(2, 40);
}

TEST_CASE("symmetry fast paths agree with plain all-rank execution, n = 41..200" *
          doctest::test_suite("slow")) {
    check_sizes(41, 200);
}

TEST_CASE("trivcheck check and sweep --no-symmetry report what the orbit reports") {
    for (const char* request : {"--algo trivance --form L --topo ring:28",
                                "--algo bruck --form B --topo ring:30 --route shortest",
                                "--algo ring --form B --topo ring:12"}) {
        CAPTURE(request);
        const auto fast = testing::run_trivcheck(std::string("check ") + request + " --json");
        const auto plain =
            testing::run_trivcheck(std::string("check ") + request + " --json --no-symmetry");
        CHECK(fast.exit_code == plain.exit_code);
        CHECK(fast.out == plain.out);
        CHECK(fast.out.find("\"schema\": \"trivcheck.report/1\"") != std::string::npos);
    }
    // Trivance L at 28: every one of the 28 double counts is listed, not one per orbit.
    const auto listed = testing::run_trivcheck("check --algo trivance --form L --topo ring:28");
    CHECK(listed.out.find("violations: double_count 28; first 28 shown") != std::string::npos);
    const std::string sweep = "sweep --algo trivance,bruck --form both --n 2..30 --json --jobs 1";
    CHECK(testing::run_trivcheck(sweep).out ==
          testing::run_trivcheck(sweep + " --no-symmetry").out);
}
