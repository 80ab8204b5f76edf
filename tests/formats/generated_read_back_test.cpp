// Every schedule a generator makes reads back through the schedule reader
// unchanged (issue 49, item 1, for the JSON writer): before, recursive
// doubling's and Swing's B forms on tori with a ring of 3 wrote transfers with
// no blocks, which `check` refuses.
#include <doctest/doctest.h>

#include <vector>

#include "models/generator.hpp"
#include "tests/schedule_json_support.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

TEST_CASE("every generated schedule reads back: rings 2..16, small 2D, 3D and 4D tori") {
    std::vector<Topology> topologies;
    for (int n = 2; n <= 16; ++n) topologies.push_back(Topology::ring(n));
    for (const std::vector<int>& dims : std::vector<std::vector<int>>{
             {2, 3}, {3, 3}, {3, 4}, {4, 4}, {2, 2, 2}, {2, 3, 3}, {2, 2, 2, 2}})
        topologies.push_back(torus(dims));
    int read_back = 0;
    for (const Topology& topology : topologies)
        for (const auto& [request, schedule] : every_schedule(topology)) {
            CAPTURE(request_label(request));
            for (const Step& step : schedule.steps)
                for (const Transfer& transfer : step.transfers) REQUIRE(!transfer.blocks.empty());
            check_round_trip(schedule);
            ++read_back;
        }
    CHECK(read_back > 200);
}
