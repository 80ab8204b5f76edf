#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "tests/test_support.hpp"

using trivcheck::testing::run_trivcheck;
using trivcheck::testing::run_trivcheck_stderr;

TEST_CASE(
    "check on torus:9x9x9: Trivance B holds, theta_relative = theta * 3, loads per direction") {
    const auto result = run_trivcheck("check --algo trivance --form B --topo torus:9x9x9 --json");
    CHECK(result.exit_code == 0);
    const auto report = nlohmann::json::parse(result.out);
    CHECK(report["verdict"] == "holds");
    CHECK(report["schedule"]["topology"] == "torus:9x9x9");
    CHECK(report["steps"] == 12);
    CHECK(report["torus"]["dimensions"] == 3);
    CHECK(report["torus"]["theta_relative"].get<double>() ==
          doctest::Approx(report["theta"].get<double>() * 3));
    CHECK(report["torus"]["links"].size() == 6);
    CHECK(report["checks"]["lemma_4_2"] == "not_applicable");
}

TEST_CASE("check on torus:27x27x27 and 256x256: translation orbits decide B forms rank 0 alone") {
    // 19683 and 65536 ranks: the whole schedules would store more than 2^28 block indices.
    for (const char* request : {"--algo trivance --form B --topo torus:27x27x27",
                                "--algo trivance --form B --topo torus:256x256",
                                "--algo bruck --form B --topo torus:256x256"}) {
        CAPTURE(request);
        const auto result = run_trivcheck(std::string("check ") + request + " --json");
        CHECK(result.exit_code == 0);
        const auto report = nlohmann::json::parse(result.out);
        CHECK(report["verdict"] == "holds");
    }
}

TEST_CASE(
    "check on torus:256x256: Swing B, whose rings are not rotation-symmetric, is refused "
    "as too large (exit 4), never a verdict" *
    doctest::test_suite("slow")) {
    const auto result = run_trivcheck_stderr("check --algo swing --form B --topo torus:256x256");
    CHECK(result.exit_code == 4);
    CHECK(result.out.find("unknown (resource limit): swing-B-256x256 would store more than "
                          "268435456 block indices") == 0);
}
