// Routing on tori and graphs (docs/model.md "Routing"): each link's load
// counted by hand for small shapes, with ties, wrap-around and named routes.
#include "checker/execution/link_loads.hpp"

#include <doctest/doctest.h>

#include <map>
#include <string>

using namespace trivcheck;

namespace {

/// The loaded links of the step just finished: name -> {chunks, blocks}.
std::map<std::string, std::pair<std::int64_t, std::int64_t>> loaded_links(const LinkLoads& loads) {
    std::map<std::string, std::pair<std::int64_t, std::int64_t>> loaded;
    for (int link = 0; link < loads.link_count(); ++link) {
        const auto i = static_cast<std::size_t>(link);
        if (loads.last_step_chunks()[i] != 0 || loads.last_step_blocks()[i] != 0)
            loaded[loads.link_name(link)] = {loads.last_step_chunks()[i],
                                             loads.last_step_blocks()[i]};
    }
    return loaded;
}

}  // namespace

TEST_CASE("torus 4x3: dimension-ordered, each dimension the shorter way, a tie +") {
    Topology torus;
    torus.kind = TopologyKind::torus;
    torus.dims = {4, 3};  // rank = x + 4y
    LinkLoads loads(torus);
    loads.keep_per_link(true);
    CHECK(loads.link_count() == 12 * 4);
    // (0,0) -> (2,0): 2 each way round 4, the tie goes +.
    CHECK(loads.add(0, 2, Route::shortest, 1) == 2);
    // (1,0) -> (3,2): x first (a tie again, +), then y 0 -> 2 the short way, -.
    CHECK(loads.add(1, 11, Route::shortest, 1) == 3);
    // (3,0) -> (0,0): one hop + across the wrap.
    CHECK(loads.add(3, 0, Route::shortest, 1) == 1);
    // (2,0) -> (1,0) named +: three hops, wrapping 3 -> 0.
    CHECK(loads.add(2, 1, Route::plus, 1) == 3);
    // (0,1) -> (0,2) named -: two hops through (0,0), 3 blocks.
    CHECK(loads.add(4, 8, Route::minus, 3) == 2);
    const StepLinkLoad step = loads.finish_step();
    using Load = std::pair<std::int64_t, std::int64_t>;
    const std::map<std::string, Load> expected = {{"0 dim 0 (+)", {2, 2}}, {"1 dim 0 (+)", {2, 2}},
                                                  {"2 dim 0 (+)", {2, 2}}, {"3 dim 0 (+)", {2, 2}},
                                                  {"3 dim 1 (-)", {1, 1}}, {"4 dim 1 (-)", {1, 3}},
                                                  {"0 dim 1 (-)", {1, 3}}};
    CHECK(loaded_links(loads) == expected);
    CHECK(step.chunks_max == 2);
    CHECK(step.chunks_min == 0);
    CHECK(step.blocks_max == 3);
    CHECK(loads.link_name(step.busiest_link) == "0 dim 0 (+)");
    // The next step starts from nothing.
    CHECK(loads.add(5, 6, Route::shortest, 1) == 1);
    loads.finish_step();
    CHECK(loaded_links(loads) == std::map<std::string, Load>{{"5 dim 0 (+)", {1, 1}}});
}

TEST_CASE("graph: breadth-first shortest paths, ties by lowest vertex id") {
    // A square 0-1-3-2-0 with a tail 3-4.
    Topology graph;
    graph.kind = TopologyKind::graph;
    graph.dims = {5};
    graph.edges = {{0, 1}, {1, 3}, {3, 2}, {2, 0}, {3, 4}};
    LinkLoads loads(graph);
    loads.keep_per_link(true);
    CHECK(loads.link_count() == 10);
    CHECK(loads.add(0, 3, Route::shortest, 1) == 2);  // 0-1-3 and 0-2-3 tie: through 1
    CHECK(loads.add(0, 4, Route::shortest, 2) == 3);  // 0-1-3-4
    CHECK(loads.add(4, 0, Route::shortest, 1) == 3);  // 4-3-1-0, not 4-3-2-0
    CHECK(loads.add(2, 1, Route::shortest, 1) == 2);  // 2-0-1, not 2-3-1
    const StepLinkLoad step = loads.finish_step();
    using Load = std::pair<std::int64_t, std::int64_t>;
    const std::map<std::string, Load> expected = {
        {"0->1", {3, 4}}, {"1->3", {2, 3}}, {"3->4", {1, 2}}, {"4->3", {1, 1}},
        {"3->1", {1, 1}}, {"1->0", {1, 1}}, {"2->0", {1, 1}}};
    CHECK(loaded_links(loads) == expected);
    CHECK(step.chunks_max == 3);
    CHECK(step.chunks_min == 0);
    CHECK(step.blocks_max == 4);
    CHECK(loads.link_name(step.busiest_link) == "0->1");
}

TEST_CASE("ring of 6: a tie goes +, a named route the long way, wrap-around") {
    LinkLoads loads(Topology::ring(6));
    loads.keep_per_link(true);
    CHECK(loads.add(1, 4, Route::shortest, 1) == 3);  // tie: 1->2->3->4
    CHECK(loads.add(4, 1, Route::shortest, 1) == 3);  // tie: 4->5->0->1
    CHECK(loads.add(0, 5, Route::shortest, 2) == 1);  // 0->5 the short way, -
    CHECK(loads.add(2, 3, Route::minus, 1) == 5);     // 2->1->0->5->4->3
    const StepLinkLoad step = loads.finish_step();
    using Load = std::pair<std::int64_t, std::int64_t>;
    const std::map<std::string, Load> expected = {
        {"1->2 (+)", {1, 1}}, {"2->3 (+)", {1, 1}}, {"3->4 (+)", {1, 1}}, {"4->5 (+)", {1, 1}},
        {"5->0 (+)", {1, 1}}, {"0->1 (+)", {1, 1}}, {"0->5 (-)", {2, 3}}, {"2->1 (-)", {1, 1}},
        {"1->0 (-)", {1, 1}}, {"5->4 (-)", {1, 1}}, {"4->3 (-)", {1, 1}}};
    CHECK(loaded_links(loads) == expected);
    CHECK(step.chunks_max == 2);
    CHECK(step.chunks_min == 0);  // 3->2 (-) carries nothing
    CHECK(step.blocks_max == 3);
}

TEST_CASE("ring: the step's loads from runs of links equal the link-by-link scan") {
    // Without per-link loads kept, a ring with few touched slots visits one run of equal
    // links at a time; with them kept, or with many slots touched, every link. Random
    // messages on rings of 1..40 ranks (steps of a few messages and steps of up to 2n,
    // so both ways run), every route, and the translations of a message
    // (add_all_translations), must give the same figures.
    std::uint32_t state = 12345;
    const auto next = [&state](int bound) {
        state = state * 1664525u + 1013904223u;
        return static_cast<int>((state >> 8) % static_cast<std::uint32_t>(bound));
    };
    for (int n = 1; n <= 40; ++n) {
        CAPTURE(n);
        LinkLoads runs(Topology::ring(n));
        LinkLoads links(Topology::ring(n));
        links.keep_per_link(true);
        for (int step = 0; step < 30; ++step) {
            CAPTURE(step);
            const int messages = next(step % 2 == 0 ? 6 : 2 * n + 1);
            for (int m = 0; m < messages; ++m) {
                const int src = next(n);
                const int dst = next(n);
                const auto route = static_cast<Route>(next(3));
                const std::int64_t blocks = 1 + next(5);
                if (next(4) == 0) {
                    CHECK(runs.add_all_translations(src, dst, route, blocks) ==
                          links.add_all_translations(src, dst, route, blocks));
                } else {
                    CHECK(runs.add(src, dst, route, blocks) == links.add(src, dst, route, blocks));
                }
            }
            const StepLinkLoad sparse = runs.finish_step();
            const StepLinkLoad dense = links.finish_step();
            CHECK(sparse.chunks_max == dense.chunks_max);
            CHECK(sparse.chunks_min == dense.chunks_min);
            CHECK(sparse.blocks_max == dense.blocks_max);
            CHECK(sparse.busiest_link == dense.busiest_link);
        }
    }
}
