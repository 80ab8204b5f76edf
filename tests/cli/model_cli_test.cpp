// `trivcheck model` end to end: the real binary's text, JSON, CSV and map, and
// its refusals with their exact messages.
#include <doctest/doctest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/test_support.hpp"

using namespace trivcheck;

TEST_CASE("model --source formula on ring:64 prints the winners and the three crossovers") {
    const auto result = testing::run_trivcheck("model --topo ring:64 --source formula");
    CHECK(result.exit_code == 0);
    CHECK(result.out.find("  crossovers:\n"
                          "    at 19.88 KiB: trivance-L (K 4, \xCE\x98 32) -> trivance-B (K 8, "
                          "\xCE\x98 2.524)\n"
                          "    at 1.093 MiB: trivance-B (K 8, \xCE\x98 2.524) -> swing-B (K 12, "
                          "\xCE\x98 2)\n"
                          "    at 16.31 MiB: swing-B (K 12, \xCE\x98 2) -> ring-B (K 126, \xCE\x98 "
                          "1)\n") != std::string::npos);
    CHECK(result.out.find("     19.88 KiB .. 1.093 MiB   trivance-B (K 8, \xCE\x98 2.524)\n") !=
          std::string::npos);
}

TEST_CASE("model --json lists every m's winner and the crossovers; --csv a row per m") {
    const auto json_run =
        testing::run_trivcheck("model --topo ring:27,64 --m 1KiB..1GiB --points 4 --json");
    REQUIRE(json_run.exit_code == 0);
    const auto json = nlohmann::json::parse(json_run.out);
    CHECK(json["schema"] == "trivcheck.cost_model/1");
    CHECK(json["source"] == "executed");
    REQUIRE(json["topologies"].size() == 2);
    const auto& ring27 = json["topologies"][0];
    CHECK(ring27["topology"] == "ring:27");
    CHECK(ring27["winners"].size() == 4);
    CHECK(ring27["winners"][0]["winner"]["schedule"] == "trivance-L");
    CHECK(ring27["winners"][3]["winner"]["schedule"] == "ring-B");
    for (const auto& competitor : json["topologies"][1]["competitors"])
        if (competitor["schedule"] == "trivance-L") {
            CHECK(competitor["status"] == "violated");
            CHECK(competitor["competes"] == false);
            CHECK(competitor["executed"]["theta"] == 32);
            CHECK(competitor["formula"]["theta"] == 32);
        }
    CHECK(json["topologies"][1]["crossovers"][0]["from"]["schedule"] == "trivance-L-fold");

    const auto csv = testing::run_trivcheck(
        "model --topo ring:27 --m 4KiB,1MiB --algo trivance,ring --source formula --csv");
    CHECK(csv.exit_code == 0);
    CHECK(csv.out ==
          "topology,ranks,m_bytes,winner,steps,theta,seconds\n"
          "ring:27,27,4096,trivance-L,3,13.5,5.05296e-06\n"
          "ring:27,27,1048576,trivance-B,6,2,2.997152e-05\n");
}

TEST_CASE("model --svg draws a row per topology, the winners' legend and the crossovers") {
    const std::string path = testing::unique_temp_path("model-map.svg");
    const auto result =
        testing::run_trivcheck("model --topo ring:64,81 --source formula --svg " + path);
    REQUIRE(result.exit_code == 0);
    std::ifstream file(path);
    std::stringstream svg;
    svg << file.rdbuf();
    const std::string text = svg.str();
    CHECK(text.starts_with("<svg"));
    for (const char* label : {"ring:64", "ring:81", "trivance-B", "swing-B", "ring-B",
                              "trivance-L (published: incorrect unless n = 3^s)"})
        CHECK(text.find(label) != std::string::npos);
    // One tooltip per crossover: three on each ring.
    std::size_t crossovers = 0;
    for (std::size_t at = text.find(" at "); at != std::string::npos;
         at = text.find(" at ", at + 1))
        ++crossovers;
    CHECK(crossovers == 6);
    std::remove(path.c_str());
}

TEST_CASE("model refuses bad quantities and topologies with the option and the text") {
    struct Refusal {
        std::string arguments;
        std::string message;
    };
    const std::vector<Refusal> refusals = {
        {"model --topo ring:64 --alpha 1.5parsecs",
         "error: --alpha: \"1.5parsecs\": unknown time unit \"parsecs\" (expected ps, ns, us, "
         "\xC2\xB5s, ms, s)\n"},
        {"model --topo ring:64 --link 800",
         "error: --link: \"800\": no unit; expected a number "
         "and a rate unit (Mbps, Gbps, Tbps, MB/s, GB/s, TB/s, "
         "MiB/s, GiB/s)\n"},
        {"model --topo ring:64 --m 1MiB..1KiB",
         "error: --m: \"1MiB..1KiB\": empty range: the first size is larger than the last\n"},
        {"model --topo ring:64 --link 800Gbps --beta 10ps/B",
         "error: give --link or --beta, not both\n"},
        {"model --topo ring:1", "error: --topo: item \"1\": ring sizes start at 2\n"},
        {"model --topo 64",
         "error: --topo: expected ring:N, ring:A..B, switch:N or torus:AxB, got '64'\n"},
        {"model --topo ring:64 --algo trivance-X",
         "error: --algo: unknown algorithm or schedule 'trivance-X' (known: all, trivance, ring, "
         "swing, recursive_doubling, bruck, nccl_ring, nccl_tree, nccl_pat, trivance-L, "
         "trivance-L-fold, trivance-L-synthesized, trivance-B, ring-B, swing-L, swing-B, "
         "recursive_doubling-L, recursive_doubling-B, bruck-L, bruck-B, nccl_ring-B, "
         "nccl_tree-B, nccl_pat-B)\n"},
    };
    for (const Refusal& refusal : refusals) {
        CAPTURE(refusal.arguments);
        const auto result = testing::run_trivcheck_stderr(refusal.arguments);
        CHECK(result.exit_code == 2);
        CHECK(result.out == refusal.message);
    }
}

TEST_CASE("a schedule too large to check makes the model unknown: exit 4, never 0") {
    const auto result = testing::run_trivcheck(
        "model --topo ring:4096 --algo recursive_doubling-B --memory-limit 1 --m 1KiB");
    CHECK(result.exit_code == 4);
    // Refused by the generator's estimate, before it builds anything.
    CHECK(result.out.find("recursive_doubling-B  unknown *  -  -  24         6          "
                          "resource limit: checking recursive_doubling B ring:4096 (24 steps, "
                          "98304 messages) needs at least ") != std::string::npos);
    CHECK(result.out.find("  no schedule competes\n") != std::string::npos);
}
