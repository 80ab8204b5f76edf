// The commands every generator gets, on NCCL's algorithms and every
// collective they have (issue 45, item 4): gen's MSCCL-IR and MSCCL++
// exports checked back, draw, mutate (with --collective, --channels,
// --chunks, --pat-aggregation), shrink and sweep, end to end.
#include <doctest/doctest.h>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "tests/test_support.hpp"

using namespace trivcheck;

namespace {

/// The whitespace-separated fields of the line of `text` that starts with `label`.
std::vector<std::string> nccl_row_fields(const std::string& text, const std::string& label) {
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line))
        if (line.starts_with(label + " ")) {
            std::istringstream words(line.substr(label.size()));
            std::vector<std::string> fields;
            for (std::string word; words >> word;) fields.push_back(word);
            return fields;
        }
    return {};
}

}  // namespace

TEST_CASE("gen exports NCCL's all-gather and reduce-scatter as that collective, and they hold") {
    const std::string xml = testing::unique_temp_path("nccl-pat-rs.xml");
    const std::string plan = testing::unique_temp_path("nccl-ring-ag.json");
    REQUIRE(testing::run_trivcheck("gen --algo nccl_pat --collective reduce_scatter --topo ring:8 "
                                   "--format msccl -o " +
                                   xml)
                .exit_code == 0);
    const std::string text = testing::file_contents(xml);
    // RCCL's parser: coll reducescatter, nchunksperloop the whole input (sizeMultiplier ngpus).
    CHECK(text.find("coll=\"reducescatter\"") != std::string::npos);
    CHECK(text.find("nchunksperloop=\"8\"") != std::string::npos);
    CHECK(text.find("i_chunks=\"8\" o_chunks=\"1\"") != std::string::npos);
    const auto rccl = testing::run_trivcheck("check --runtime rccl " + xml);
    CHECK(rccl.exit_code == 0);
    CHECK(rccl.out.find("postcondition: reduce_scatter") != std::string::npos);
    REQUIRE(testing::run_trivcheck("gen --algo nccl_ring --collective allgather --channels 2 "
                                   "--topo ring:6 --format mscclpp -o " +
                                   plan)
                .exit_code == 0);
    CHECK(testing::file_contents(plan).find("\"collective\": \"allgather\"") != std::string::npos);
    const auto read_back = testing::run_trivcheck("check " + plan);
    CHECK(read_back.exit_code == 0);
    // m is the all-gather's output (6 gpus of two input chunks, one a channel), not the input.
    CHECK(read_back.out.find("allgather (MSCCL++, Simple), 6 gpus, m = 12 chunks") !=
          std::string::npos);
    std::remove(xml.c_str());
    std::remove(plan.c_str());
}

TEST_CASE("draw: a PAT all-gather step, its distance and its busiest link") {
    const std::string path = testing::unique_temp_path("nccl-pat-draw.svg");
    REQUIRE(testing::run_trivcheck("draw --algo nccl_pat --collective allgather --topo ring:8 "
                                   "--step 0 -o " +
                                   path)
                .exit_code == 0);
    // The all-gather is the reduce-scatter reversed: its first step is the
    // last dimension, every rank one block to the rank 4 away, so each link
    // of the ring's + way carries 4 of the 8 messages.
    CHECK(testing::file_contents(path).find("step 0 (allgather), 8 messages, distance 4; busiest "
                                            "link carries 4 chunks") != std::string::npos);
    std::remove(path.c_str());
}

TEST_CASE("draw on a switch: each rank's port out and in, the step's messages through the centre") {
    const std::string path = testing::unique_temp_path("nccl-ring-switch.svg");
    REQUIRE(testing::run_trivcheck("draw --algo nccl_ring --collective allgather --topo switch:8 "
                                   "--step 0 -o " +
                                   path)
                .exit_code == 0);
    const std::string svg = testing::file_contents(path);
    // runRing's all-gather, step 0: every rank sends its own block (m/8) to
    // the next, so every port carries one chunk out and one in.
    CHECK(svg.find("8 messages") != std::string::npos);
    CHECK(svg.find("busiest link carries 1 chunk</text>") != std::string::npos);
    CHECK(svg.find("spokes: each rank's port, out (left) and in (right)") != std::string::npos);
    std::remove(path.c_str());
}

TEST_CASE("mutate takes NCCL's collectives: every mutant of PAT and the ring's all-gather caught") {
    for (const char* arguments :
         {"--algo nccl_pat --collective reduce_scatter",
          "--algo nccl_pat --collective allgather "
          "--pat-aggregation step",
          "--algo nccl_ring --collective allgather --channels 2 --chunks 2"}) {
        CAPTURE(arguments);
        const auto run =
            testing::run_trivcheck(std::string("mutate ") + arguments + " --n 2..8 --sites 2");
        // Exit 0: every mistake caught, no false alarm (4 when no original holds to mutate).
        CHECK(run.exit_code == 0);
        CHECK(run.out.find("mutation score 100.0%") != std::string::npos);
        CHECK(run.out.find(" caught of 0 mistakes") == std::string::npos);
    }
}

TEST_CASE(
    "shrink: a PAT reduce-scatter with a dropped block shrinks to fewer ranks, still missing") {
    const std::string path = testing::unique_temp_path("nccl-pat-shrunk.json");
    const auto run = testing::run_trivcheck(
        "shrink --algo nccl_pat --collective reduce_scatter --topo ring:12 "
        "--mutation block_dropped -o " +
        path);
    CHECK(run.exit_code == 1);
    const auto check = testing::run_trivcheck("check --json " + path);
    CHECK(check.exit_code == 1);
    CHECK(check.out.find("\"missing\"") != std::string::npos);
    const std::string shrunk = testing::file_contents(path);
    CHECK(shrunk.find("\"collective\": \"reduce_scatter\"") != std::string::npos);
    CHECK(shrunk.find("\"ranks\": 12") == std::string::npos);
    std::remove(path.c_str());
}

TEST_CASE("sweep: every collective of the three, a row each, all hold for n = 2..16") {
    const auto run = testing::run_trivcheck(
        "sweep --algo nccl_ring,nccl_tree,nccl_pat --form both --n 2..16 --jobs 1");
    CHECK(run.exit_code == 0);
    for (const char* label :
         {"nccl_ring (allreduce)", "nccl_ring (allgather)", "nccl_ring (reduce_scatter)",
          "nccl_tree", "nccl_pat (allgather)", "nccl_pat (reduce_scatter)"}) {
        CAPTURE(label);
        const std::vector<std::string> fields = nccl_row_fields(run.out, label);
        REQUIRE(fields.size() >= 4);
        CHECK(fields[0] == "B");
        CHECK(fields[1] == "15");  // sizes
        CHECK(fields[2] == "15");  // holds
        CHECK(fields[3] == "0");   // violated
    }
}
