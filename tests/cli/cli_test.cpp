#include <doctest/doctest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "tests/test_support.hpp"

using trivcheck::testing::run_trivcheck;

TEST_CASE("check --json on Trivance L 27: holds, 3 steps, coverage 3 9 27, link chunks 1 3 9") {
    const auto result = run_trivcheck("check --algo trivance --form L --topo ring:27 --json");
    CHECK(result.exit_code == 0);
    const auto report = nlohmann::json::parse(result.out);
    CHECK(report["schema"] == "trivcheck.report/1");
    CHECK(report["verdict"] == "holds");
    CHECK(report["steps"] == 3);
    const std::vector<int> coverage{3, 9, 27};
    const std::vector<int> chunks{1, 3, 9};
    for (std::size_t k = 0; k < 3; ++k) {
        CHECK(report["per_step"][k]["coverage_min"] == coverage[k]);
        CHECK(report["per_step"][k]["link_chunks_max"] == chunks[k]);
    }
    CHECK(report["checks"]["lemma_4_2"] == "holds");
    CHECK(report["checks"]["congestion_3k"] == "holds");
}

TEST_CASE("check exits 1 with a double_count for the published L form at n = 4") {
    const auto result = run_trivcheck("check --algo trivance --form L --topo ring:4 --json");
    CHECK(result.exit_code == 1);
    const auto report = nlohmann::json::parse(result.out);
    const auto& violation = report["violations"][0];
    CHECK(violation["kind"] == "double_count");
    CHECK(violation["rank"] == 0);
    CHECK(violation["contributor"] == 0);
    CHECK(violation["transfers"].size() == 2);
    CHECK(violation["paths"].size() == 3);
}

TEST_CASE("exit codes: usage 2, bad input 3") {
    CHECK(run_trivcheck("check --algo nosuch --topo ring:4").exit_code == 2);
    CHECK(run_trivcheck("check --algo trivance --topo ring:x").exit_code == 2);
    CHECK(run_trivcheck("check --algo ring --form L --topo ring:4").exit_code == 2);
    CHECK(run_trivcheck("check /nonexistent/schedule.json").exit_code == 3);
    CHECK(run_trivcheck("frobnicate").exit_code == 2);
}

TEST_CASE("gen writes a file that check reads back to the same verdict") {
    const std::string file = trivcheck::testing::unique_temp_path("trivcheck-roundtrip-B-10.json");
    CHECK(run_trivcheck("gen --algo trivance --form B --topo ring:10 -o " + file).exit_code == 0);
    const auto from_file = run_trivcheck("check " + file + " --json");
    const auto generated = run_trivcheck("check --algo trivance --form B --topo ring:10 --json");
    CHECK(from_file.exit_code == 0);
    auto file_report = nlohmann::json::parse(from_file.out);
    auto generated_report = nlohmann::json::parse(generated.out);
    CHECK(file_report["per_step"] == generated_report["per_step"]);
    CHECK(file_report["theta"] == generated_report["theta"]);
    std::filesystem::remove(file);
}

TEST_CASE("list names every generator") {
    const auto result = run_trivcheck("list");
    CHECK(result.exit_code == 0);
    for (const char* name : {"trivance", "ring", "swing", "recursive_doubling", "bruck"})
        CHECK(result.out.find(name) != std::string::npos);
}
