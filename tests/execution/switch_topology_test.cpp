// switch:N (issue 45, item 5): one full-duplex port per rank into a
// non-blocking switch; a message loads its sender's port out and its
// receiver's port in, and every generator runs its ring schedule on it.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "checker/execution/link_loads.hpp"
#include "checker/explanations/check.hpp"
#include "checker/formats/topology_spec.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

TEST_CASE("switch:8: a message is one hop, the sender's port out and the receiver's port in") {
    LinkLoads loads(Topology::on_switch(8));
    loads.keep_per_link(true);
    CHECK(loads.link_count() == 16);
    CHECK(loads.add(0, 5, Route::plus, 2) == 1);
    CHECK(loads.add(3, 5, Route::shortest, 1) == 1);
    const StepLinkLoad load = loads.finish_step();
    CHECK(load.blocks_max == 3);  // port 5 in: both messages
    CHECK(loads.link_name(load.busiest_link) == "switch->5");
    CHECK(loads.link_name(0) == "0->switch");
}

TEST_CASE("switch:N items sort after the rings; ring generators run on the switch") {
    const std::vector<Topology> topologies = parse_topology_spec("switch:16..17,ring:8");
    REQUIRE(topologies.size() == 3);
    CHECK(topologies[0].describe() == "ring:8");
    CHECK(topologies[2].describe() == "switch:17");
    for (const char* algo : {"ring", "trivance", "swing", "nccl_ring"}) {
        CAPTURE(algo);
        GeneratorRequest request;
        request.algo = algo;
        request.topology = Topology::on_switch(8);
        const Report report = check_generated(request);
        CHECK(report.verdict == Verdict::holds);
        CHECK(report.theta == doctest::Approx(2.0 * 7 / 8));  // every port busy every step
    }
}

TEST_CASE("model on a switch: beta is NCCL's C x B on the one port; kinds are not mixed") {
    const auto run = testing::run_trivcheck("model --topo switch:16 --source nccl --m 1MiB --json");
    REQUIRE(run.exit_code == 0);
    CHECK(run.out.find("\"seconds_per_byte\": 2.0833333333333332e-11") != std::string::npos);
    testing::check_refusals({{"model --topo ring:16,switch:16 --source nccl", 2,
                              "error: --topo: switch:16 shares NCCL's C x B among 1 links, "
                              "ring:16 among 2: give --link or one kind of topology\n"}});
}
