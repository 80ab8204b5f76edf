// `trivcheck model --source nccl|both` end to end: NCCL's pick and time per
// size from the real binary (the figures worked out in
// tests/costs/nccl_model_test.cpp), the comparison with the checked
// schedules, the map, and the refusals with their exact messages.
#include <doctest/doctest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/test_support.hpp"

using namespace trivcheck;

namespace {

/// The JSON `trivcheck model ARGUMENTS --json` prints (it must exit 0).
nlohmann::json nccl_model_json_output(const std::string& arguments) {
    const auto run = testing::run_trivcheck("model " + arguments + " --json");
    REQUIRE(run.exit_code == 0);
    return nlohmann::json::parse(run.out);
}

}  // namespace

TEST_CASE("model --source nccl prints NCCL's pick and time per size, Hopper, 2 x 24 GB/s, n = 16") {
    const auto json =
        nccl_model_json_output("--topo ring:16 --source nccl --m 64KiB,128KiB,16MiB,128MiB");
    CHECK(json["source"] == "nccl");
    CHECK(json["nccl"]["arch"] == "hopper");
    CHECK(json["nccl"]["nccl_version"] == "2.30.7");
    const auto& row = json["topologies"][0];
    CHECK(row["competitors"].empty());
    CHECK(row["nccl"]["comm_channels"] == 4);
    const auto& sizes = row["nccl"]["sizes"];
    REQUIRE(sizes.size() == 4);
    const char* picks[] = {"Tree/LL", "Tree/LL128", "Ring/LL128", "Ring/Simple"};
    // latency + bytes / (1000 · bandwidth · tree correction), µs.
    const double times[] = {46.8 + 65536 / (1000 * (44.16 / 3.8 * 0.85 * 0.5) * 0.6),
                            82 + 131072 / (1000 * 17.595 * 0.6), 269 + 16777216 / 23552.0,
                            428.4 * 1.4 + 134217728 / 25600.0};
    for (std::size_t i = 0; i < 4; ++i) {
        CAPTURE(i);
        CHECK(sizes[i]["pick"] == picks[i]);
        CHECK(sizes[i]["time_us"].get<double>() == doctest::Approx(times[i]).epsilon(1e-6));
        CHECK(sizes[i]["channels"] == 4);
        CHECK_FALSE(sizes[i].contains("fastest_schedule"));
    }
    CHECK(sizes[0]["times_us"].size() == 6);  // no PAT all-reduce

    const auto gather_json = nccl_model_json_output(
        "--topo ring:16 --source nccl --collective all_gather --m 8MiB,16MiB,64MiB");
    const auto& gather_sizes = gather_json["topologies"][0]["nccl"]["sizes"];
    CHECK(gather_sizes[0]["pick"] == "PAT/Simple");
    CHECK(gather_sizes[1]["pick"] == "Ring/LL128");
    CHECK(gather_sizes[2]["pick"] == "Ring/Simple");
}

TEST_CASE("model --source nccl as text: the candidates and the bands, exact to the byte") {
    const auto run = testing::run_trivcheck("model --topo ring:16 --source nccl --m 32B..1GiB");
    REQUIRE(run.exit_code == 0);
    for (const char* line : {
             "    Tree/LL      46.8 us   4.939 GB/s  yes\n",
             "    PAT/Simple   -         -           no: tuning.cc:298: no PAT all-reduce\n",
             "    32 B .. 8 KiB           Tree/LL      1         46.81 us .. 49.17 us\n",
             "    16 KiB .. 128 KiB       Tree/LL      4         51.54 us .. 91.03 us\n",
             "    3.412 MiB .. 4 MiB      Ring/LL128   4         420.9 us .. 447.1 us\n",
             "    92.86 MiB .. 1 GiB      Ring/Simple  4         4.404 ms .. 42.54 ms\n",
         }) {
        CAPTURE(line);
        CHECK(run.out.find(line) != std::string::npos);
    }
    const auto json = nccl_model_json_output("--topo ring:16 --source nccl --m 32B..1GiB");
    const auto& bands = json["topologies"][0]["nccl"]["bands"];
    REQUIRE(bands.size() == 11);
    CHECK(bands[0]["to_bytes"] == 8191);
    CHECK(bands[0]["channels"] == 1);
    CHECK(bands[3]["to_bytes"] == 131071);
    CHECK(bands[5]["from_bytes"] == 3577946);
    CHECK(bands[10]["to_bytes"] == 1073741824);
}

TEST_CASE("model --source both: NCCL's pick beside the fastest checked schedule, and the ratio") {
    const auto json =
        nccl_model_json_output("--topo ring:16 --source both --algo trivance,ring --m 1KiB,1GiB");
    CHECK(json["source"] == "both");
    // α: NCCL's LL hop, 5 us; β: the node's 2 x 24 GB/s shared by a ring rank's two links.
    CHECK(json["alpha_seconds"].get<double>() == doctest::Approx(5e-6));
    CHECK(json["seconds_per_byte"].get<double>() == doctest::Approx(2 / 48e9));
    const auto& sizes = json["topologies"][0]["nccl"]["sizes"];
    REQUIRE(sizes.size() == 2);
    for (const auto& size : sizes) {
        CAPTURE(size.dump());
        REQUIRE(size["fastest_schedule"].is_string());
        CHECK(size["nccl_over_schedule"].get<double>() ==
              doctest::Approx(size["time_us"].get<double>() * 1e-6 /
                              size["schedule_seconds"].get<double>()));
    }
    CHECK(sizes[1]["fastest_schedule"] == "ring-B");
    // ring-B at 1 GiB: 30 steps of 5 us and Θ = 15/16 of m at 24 GB/s.
    CHECK(sizes[1]["schedule_seconds"].get<double>() ==
          doctest::Approx(30 * 5e-6 + 15.0 / 16 * 1073741824 / 24e9));

    const auto text = testing::run_trivcheck(
        "model --topo ring:16 --source both --algo trivance,ring --m 1KiB..1GiB");
    REQUIRE(text.exit_code == 0);
    CHECK(text.out.find("  NCCL's pick against the fastest checked schedule:\n") !=
          std::string::npos);
    CHECK(text.out.find("Ring/Simple  ring-B") != std::string::npos);
}

TEST_CASE("model --source both --svg draws NCCL's bands over the winners") {
    const std::string path = testing::unique_temp_path("model-nccl-map.svg");
    const auto result = testing::run_trivcheck(
        "model --topo ring:16,64 --source both --algo trivance,ring --svg " + path);
    REQUIRE(result.exit_code == 0);
    std::ifstream file(path);
    std::stringstream svg;
    svg << file.rdbuf();
    const std::string text = svg.str();
    for (const char* label :
         {"NCCL's pick", "Tree/LL128", "Ring/LL128", "a checked schedule beats NCCL's pick",
          "ring:16: NCCL picks Tree/LL on 1 channels from 32 B"})
        CHECK(text.find(label) != std::string::npos);
    std::remove(path.c_str());
}

TEST_CASE("model refuses NCCL's options without its model, and mixes it cannot compare") {
    struct Refusal {
        std::string arguments;
        std::string message;
    };
    const std::vector<Refusal> refusals = {
        {"model --topo ring:16 --arch volta",
         "error: --arch, --channels, --bw, --net-latency, --cpu and --nic-behind-cpu "
         "describe NCCL's model: give --source nccl or --source both\n"},
        {"model --topo ring:16 --source formula --collective all_gather",
         "error: --collective all_gather: the paper's formulas are all-reduce's; give --source "
         "executed or both\n"},
        {"model --topo ring:16 --source nccl --csv",
         "error: --csv: NCCL's model prints as text or --json\n"},
        {"model --topo ring:16 --source nccl --bw 0", "error: --bw: a positive GB/s per channel\n"},
    };
    for (const Refusal& refusal : refusals) {
        CAPTURE(refusal.arguments);
        const auto result = testing::run_trivcheck_stderr(refusal.arguments);
        CHECK(result.exit_code == 2);
        CHECK(result.out == refusal.message);
    }
}
