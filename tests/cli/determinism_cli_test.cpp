// `trivcheck determinism` end to end: where NCCL's sum at an element changes
// with the message size (checker/costs/nccl_sum_orders), from the real binary.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "tests/test_support.hpp"

using namespace trivcheck;

namespace {

nlohmann::json determinism_json(const std::string& arguments) {
    const auto run = testing::run_trivcheck("determinism " + arguments + " --json");
    REQUIRE(run.exit_code == 0);
    return nlohmann::json::parse(run.out);
}

}  // namespace

TEST_CASE("determinism: element 0 on 16 ranks changes order exactly where Tree and Ring swap") {
    const auto json = determinism_json("--topo ring:16 --m 3MiB..9MiB --element 0");
    CHECK(json["format"] == "trivcheck.nccl_sum_orders/1");
    // The first whole f32 size of each band where the algorithm changes.
    std::vector<std::uint64_t> swaps;
    for (std::size_t b = 1; b < json["bands"].size(); ++b)
        if (json["bands"][b]["pick"].get<std::string>().substr(0, 4) !=
            json["bands"][b - 1]["pick"].get<std::string>().substr(0, 4))
            swaps.push_back((json["bands"][b]["from_bytes"].get<std::uint64_t>() + 3) / 4 * 4);
    CHECK(swaps.size() == 5);
    CHECK(json["elements"][0]["order_changes_at_bytes"].get<std::vector<std::uint64_t>>() == swaps);
    for (const auto& order : json["orders"]) CHECK(order["ranks_agree"] == true);
}

TEST_CASE("determinism: under NCCL_ALGO=Ring element 0 is always ring chunk 0; others move") {
    const auto json =
        determinism_json("--topo ring:8 --algo nccl_ring --m 4B..2MiB --element 0,100000");
    CHECK(json["elements"][0]["order_changes_at_bytes"].empty());
    CHECK(json["elements"][0]["runs"][0]["order"] == "ring chunk 0");
    CHECK(json["elements"][1]["order_changes_at_bytes"].size() == 24);
    CHECK(json["orders"][0]["tree"] == "0+((((((1+2)+3)+4)+5)+6)+7)");
}

TEST_CASE("determinism --between answers in one line") {
    const auto run =
        testing::run_trivcheck("determinism --topo ring:16 --m 4B..4B --between 1MiB,2MiB");
    REQUIRE(run.exit_code == 0);
    CHECK(run.out.find("\nbetween 1 MiB and 2 MiB: not bit-identical: element 131072 is summed "
                       "as tree 1 at 1 MiB and as tree 0 at 2 MiB\n") != std::string::npos);
    const auto same = determinism_json("--topo ring:16 --m 4B..4B --between 16MiB,16MiB");
    CHECK(same["between"]["bit_identical"] == true);
}

TEST_CASE("determinism refuses what it cannot answer") {
    testing::check_refusals({
        {"determinism --topo ring:16 --m 4B..1GiB", 2,
         "error: --m: at most 67108864 element counts (every one is placed); narrow the range\n"},
        {"determinism --topo ring:16 --element 1x", 2,
         "error: --element: element indices, 0, 1, ...: 1x\n"},
        {"determinism --topo ring:16,ring:8", 2, "error: --topo: one topology\n"},
    });
}
