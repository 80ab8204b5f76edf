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

TEST_CASE("check on torus:256x256: recursive doubling B has no orbit and is refused at once") {
    // Its mirrored copy keeps 4 rank maps (tests/models/pairing_symmetries_test.cpp): the
    // lift counts the whole schedule's block indices before building any of it.
    const auto result =
        run_trivcheck_stderr("check --algo recursive_doubling --form B --topo torus:256x256");
    CHECK(result.exit_code == 4);
    CHECK(result.out.find("unknown (resource limit): recursive_doubling-B-256x256 would store "
                          "more than 268435456 block indices, and its execution one "
                          "contribution set per rank and block (34359738368)") !=
          std::string::npos);
    CHECK(result.out.find("no translation orbit") != std::string::npos);
}

TEST_CASE(
    "check on torus:256x256: Swing B, an orbit of 4 representatives under the even "
    "translations (models/torus_lift.hpp), holds" *
    doctest::test_suite("slow")) {
    // The whole schedule would store more than 2^28 block indices (it was refused, exit 4).
    const auto result = run_trivcheck("check --algo swing --form B --topo torus:256x256 --json");
    CHECK(result.exit_code == 0);
    const auto report = nlohmann::json::parse(result.out);
    CHECK(report["verdict"] == "holds");
}
