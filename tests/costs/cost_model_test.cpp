#include "checker/costs/cost_model.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "models/ring_arithmetic.hpp"
#include "proofs/last_step_planner.hpp"

using namespace trivcheck;

namespace {

constexpr double kib = 1024, mib = 1024 * 1024;

CostModelRequest ring_request(int first, int last, CostSource source,
                              const std::string& algos = "all") {
    CostModelRequest request;
    for (int n = first; n <= last; ++n) request.topologies.push_back(Topology::ring(n));
    request.competitors = select_competitors(algos, source == CostSource::formula);
    request.source = source;
    request.alpha_seconds = 1.5e-6;
    request.seconds_per_byte = 1e-11;  // 800 Gb/s
    request.sizes = {32, 128 * mib};
    request.prepare = [](GeneratorRequest& generator) { proofs::supply_planner(generator); };
    return request;
}

const CompetitorCosts& competitor(const TopologyCosts& row, const std::string& label) {
    for (const CompetitorCosts& costs : row.competitors)
        if (costs.competitor.label == label) return costs;
    FAIL("no competitor " << label);
    return row.competitors.front();
}

/// Every competitor on the 9x9 torus (no sizes' worth of rings).
TopologyCosts torus_costs(CostSource source) {
    CostModelRequest request = ring_request(2, 1, source);
    Topology torus;
    torus.kind = TopologyKind::torus;
    torus.dims = {9, 9};
    request.topologies = {torus};
    return compute_cost_model(request).rows.front();
}

std::string label_of(const TopologyCosts& row, int index) {
    return row.competitors[static_cast<std::size_t>(index)].competitor.label;
}

}  // namespace

TEST_CASE("the formula source on a 64-node ring gives the paper's three crossovers") {
    const CostModel model = compute_cost_model(ring_request(64, 64, CostSource::formula));
    const TopologyCosts& row = model.rows.front();
    REQUIRE(row.crossovers.size() == 3);
    // SPEC §3: about 20 KiB, 1.1 MiB and 16 MiB; each within 3% of the rounded figure.
    const double expected[] = {20 * kib, 1.1 * mib, 16 * mib};
    const char* from[] = {"trivance-L", "trivance-B", "swing-B"};
    const char* to[] = {"trivance-B", "swing-B", "ring-B"};
    for (int i = 0; i < 3; ++i) {
        CAPTURE(i);
        CHECK(row.crossovers[i].bytes == doctest::Approx(expected[i]).epsilon(0.03));
        CHECK(label_of(row, row.crossovers[i].from) == from[i]);
        CHECK(label_of(row, row.crossovers[i].to) == to[i]);
    }
    // And exactly where the two lines cross: ΔK·α = ΔΘ·m·β.
    const double trivance_b_theta = 2 * std::log(64.0) / std::log(3.0) / 3;
    CHECK(row.crossovers[0].bytes ==
          doctest::Approx(4 * 1.5e-6 / ((32 - trivance_b_theta) * 1e-11)).epsilon(1e-12));
    CHECK(row.crossovers[1].bytes ==
          doctest::Approx(4 * 1.5e-6 / ((trivance_b_theta - 2) * 1e-11)).epsilon(1e-12));
    CHECK(row.crossovers[2].bytes == doctest::Approx(114 * 1.5e-6 / (1 * 1e-11)).epsilon(1e-12));
    // The published L form wins there, and is marked: its schedule double-counts at n = 64.
    CHECK(competitor(row, "trivance-L").note.find("incorrect") != std::string::npos);
    CHECK(label_of(row, row.winners.front()) == "trivance-L");
    CHECK(label_of(row, row.winners.back()) == "ring-B");
}

TEST_CASE("the executed source lets only schedules that hold compete") {
    const CostModel model = compute_cost_model(ring_request(64, 64, CostSource::executed));
    const TopologyCosts& row = model.rows.front();
    const CompetitorCosts& published = competitor(row, "trivance-L");
    CHECK(published.status == "violated");
    CHECK_FALSE(published.competes);
    CHECK(published.reason == "double_count: only schedules that hold compete");
    const CompetitorCosts& synthesized = competitor(row, "trivance-L-synthesized");
    CHECK(synthesized.status == "not applicable");
    CHECK(synthesized.reason.find("no exactly-once last step exists") != std::string::npos);
    CHECK(competitor(row, "bruck-L").status == "violated");
    // With a correct last step Trivance L needs one more step (fold: K 5) but
    // less load (Θ 15 against the published 32): its region grows.
    const CompetitorCosts& fold = competitor(row, "trivance-L-fold");
    REQUIRE(fold.executed);
    CHECK(fold.executed->steps == 5);
    CHECK(fold.executed->theta == 15);
    REQUIRE(row.crossovers.size() == 3);
    CHECK(label_of(row, row.crossovers[0].from) == "trivance-L-fold");
    CHECK(row.crossovers[0].bytes > 20 * kib);
    for (int winner : row.winners) CHECK(row.competitors[winner].competes);
}

TEST_CASE("executed K equals the formula's wherever the formula is exact") {
    const CostModel model = compute_cost_model(
        ring_request(2, 128, CostSource::executed,
                     "trivance-L,trivance-L-fold,trivance-B,ring,swing,recursive_doubling,bruck"));
    for (const TopologyCosts& row : model.rows) {
        const int n = row.topology.rank_count();
        CAPTURE(n);
        const int published_steps = competitor(row, "trivance-L").formula->steps;
        for (const CompetitorCosts& costs : row.competitors) {
            CAPTURE(costs.competitor.label);
            REQUIRE(costs.executed);
            if (!costs.formula) {
                // The fold: one step more than published where n is not a power of 3.
                CHECK(costs.executed->steps == published_steps + (is_power_of(n, 3) ? 0 : 1));
                continue;
            }
            // Swing and recursive doubling L fold extra ranks in and out (two
            // steps) where the formula rounds log2 n up (one step).
            const bool folded_latency =
                costs.competitor.form == Form::L &&
                (costs.competitor.algo == "swing" || costs.competitor.algo == "recursive_doubling");
            const int extra = folded_latency && !is_power_of(n, 2) ? 1 : 0;
            CHECK(costs.executed->steps == costs.formula->steps + extra);
        }
    }
}

TEST_CASE("the synthesized last step keeps the formula's K wherever it exists") {
    const CostModel model =
        compute_cost_model(ring_request(2, 40, CostSource::executed, "trivance-L-synthesized"));
    int holding = 0;
    for (const TopologyCosts& row : model.rows) {
        CAPTURE(row.topology.rank_count());
        const CompetitorCosts& costs = row.competitors.front();
        CHECK((costs.status == "holds" || costs.status == "not applicable"));
        if (costs.status != "holds") continue;
        ++holding;
        CHECK(costs.executed->steps == ceil_log(row.topology.rank_count(), 3));
    }
    CHECK(holding > 20);
}

TEST_CASE("executed Θ beside the formula's: Trivance L at n = 3^s executes (n - 1)/2, not n/2") {
    const CostModel model =
        compute_cost_model(ring_request(27, 27, CostSource::executed, "trivance-L,ring-B"));
    const TopologyCosts& row = model.rows.front();
    const CompetitorCosts& trivance = competitor(row, "trivance-L");
    CHECK(trivance.status == "holds");
    CHECK(trivance.executed->steps == 3);
    CHECK(trivance.executed->theta == 13);
    CHECK(trivance.formula->steps == 3);
    CHECK(trivance.formula->theta == 13.5);
    // The ring's last block never crosses a link: (n - 1)/n, not 1.
    CHECK(competitor(row, "ring-B").executed->theta == doctest::Approx(26.0 / 27));
    CHECK(competitor(row, "ring-B").formula->theta == 1);
}

TEST_CASE("the formula source on a torus uses Table 3 for the bandwidth-optimal forms") {
    const TopologyCosts row = torus_costs(CostSource::formula);
    const CompetitorCosts& trivance = competitor(row, "trivance-B");
    CHECK(trivance.formula->steps == 8);
    CHECK(trivance.formula->theta * 2 == doctest::Approx(8.0 / 6));
    CHECK(competitor(row, "swing-B").formula->theta * 2 == doctest::Approx(1.2));
    CHECK(competitor(row, "ring-B").formula->steps == 32);
    CHECK_FALSE(competitor(row, "trivance-L").competes);
    CHECK(competitor(row, "trivance-L").reason == "Table 3 gives bandwidth-optimal forms only");
}

TEST_CASE("on a torus the executed source uses what the generators return, with reasons") {
    const TopologyCosts row = torus_costs(CostSource::executed);
    for (const CompetitorCosts& costs : row.competitors) {
        CAPTURE(costs.competitor.label);
        CHECK(costs.competes == (costs.status == "holds"));
        // Table 3's bandwidth-optimal rows, and NCCL's model values but PAT's
        // (its values are its all-gather's and reduce-scatter's).
        CHECK(costs.formula.has_value() ==
              (costs.competitor.form == Form::B && costs.competitor.algo != "nccl_pat"));
        if (!costs.competes) CHECK_FALSE(costs.reason.empty());
    }
    for (int winner : row.winners)
        if (winner >= 0) CHECK(row.competitors[static_cast<std::size_t>(winner)].competes);
}

TEST_CASE("--algo all: NCCL's ring and tree compete with their executed K and Θ, PAT does not") {
    const CostModel model = compute_cost_model(ring_request(64, 64, CostSource::executed));
    const TopologyCosts& row = model.rows.front();
    const CompetitorCosts& ring = competitor(row, "nccl_ring-B");
    REQUIRE(ring.executed);
    CHECK(ring.competes);
    // runRing: 2(n - 1) steps, a chunk of m/n on every link each step.
    CHECK(ring.executed->steps == 126);
    CHECK(ring.executed->theta == doctest::Approx(126.0 / 64));
    const CompetitorCosts& tree = competitor(row, "nccl_tree-B");
    REQUIRE(tree.executed);
    CHECK(tree.competes);
    // One channel, tree 0 of height log2 64 = 6: up and down, the whole m a step.
    CHECK(tree.executed->steps == 12);
    CHECK(tree.executed->theta == 12);
    CHECK(tree.formula->steps == 12);
    const CompetitorCosts& pat = competitor(row, "nccl_pat-B");
    CHECK(pat.status == "not applicable");
    CHECK_FALSE(pat.competes);
    CHECK(pat.reason.find("no allreduce") != std::string::npos);
    CHECK_FALSE(pat.formula);
    // The paper's formulas compare the paper's algorithms only.
    const CostModel formulas = compute_cost_model(ring_request(64, 64, CostSource::formula));
    for (const CompetitorCosts& costs : formulas.rows.front().competitors)
        CHECK(costs.competitor.algo.rfind("nccl_", 0) == std::string::npos);
}

TEST_CASE("--collective allgather: NCCL's ring and PAT compete, the all-reduce builders do not") {
    CostModelRequest request = ring_request(64, 64, CostSource::executed);
    request.collective = Collective::allgather;
    const CostModel model = compute_cost_model(request);
    CHECK(model.collective == Collective::allgather);
    const TopologyCosts& row = model.rows.front();
    // runRing's all-gather: n - 1 steps, a block of m/n on every + link each step.
    const CompetitorCosts& ring = competitor(row, "nccl_ring-B");
    REQUIRE(ring.executed);
    CHECK(ring.competes);
    CHECK(ring.executed->steps == 63);
    CHECK(ring.executed->theta == doctest::Approx(63.0 / 64));
    // PAT aggregated: log2 n steps; in step d every rank sends m/2^(d+1) a
    // distance 2^d the same way round, so every link carries m/2 a step.
    const CompetitorCosts& pat = competitor(row, "nccl_pat-B");
    REQUIRE(pat.executed);
    CHECK(pat.competes);
    CHECK(pat.executed->steps == 6);
    CHECK(pat.executed->theta == doctest::Approx(3));
    CHECK_FALSE(pat.formula);  // the formulas are all-reduce's
    const CompetitorCosts& trivance = competitor(row, "trivance-B");
    CHECK(trivance.status == "not applicable");
    CHECK(trivance.reason == "trivance has no allgather (it builds allreduce)");
    CHECK(competitor(row, "nccl_tree-B").status == "not applicable");
    for (int winner : row.winners) {
        REQUIRE(winner >= 0);
        CHECK(row.competitors[static_cast<std::size_t>(winner)].competitor.algo.rfind("nccl_", 0) ==
              0);
    }
}
