#include "checker/costs/cost_envelope.hpp"

#include <doctest/doctest.h>

#include <optional>
#include <vector>

#include "checker/costs/competitors.hpp"

using namespace trivcheck;

TEST_CASE("the fastest line changes where the lower envelope bends, at the exact crossing") {
    // T = 1 + 4m, 3 + 1m, 10 + 0.5m; an absent line; 2 + 4m (never fastest).
    const std::vector<std::optional<CostLine>> lines = {
        CostLine{1, 4}, CostLine{3, 1}, std::nullopt, CostLine{10, 0.5}, CostLine{2, 4}};
    CHECK(fastest_at(lines, 0) == 0);
    CHECK(fastest_at(lines, 1) == 1);
    CHECK(fastest_at(lines, 100) == 3);
    const auto changes = winner_changes(lines, 0, 100);
    REQUIRE(changes.size() == 2);
    CHECK(changes[0].bytes == doctest::Approx(2.0 / 3));
    CHECK(changes[0].from == 0);
    CHECK(changes[0].to == 1);
    CHECK(changes[1].bytes == doctest::Approx(14));
    CHECK(changes[1].to == 3);
    CHECK(winner_changes(lines, 0, 10).size() == 1);
    CHECK(winner_changes({std::nullopt}, 0, 10).empty());
    CHECK(fastest_at({std::nullopt}, 1) == -1);
}

TEST_CASE("equal lines go to the earlier competitor; at a tie the flatter line wins") {
    CHECK(fastest_at({CostLine{1, 1}, CostLine{1, 1}}, 5) == 0);
    // Equal at m = 1: the flatter one is fastest from there on.
    CHECK(fastest_at({CostLine{0, 2}, CostLine{1, 1}}, 1) == 1);
    const auto changes = winner_changes({CostLine{0, 2}, CostLine{1, 1}}, 1, 10);
    CHECK(changes.empty());
}

TEST_CASE("--algo names algorithms, schedules, or all, and refuses others with the known names") {
    // "all" is every algorithm; for the paper's formulas NCCL's three (one B
    // form each) only when named.
    CHECK(select_competitors("all").size() == all_competitors().size());
    CHECK(select_competitors("all", true).size() + 3 == all_competitors().size());
    CHECK(select_competitors("all,nccl_tree", true).size() + 2 == all_competitors().size());
    CHECK(select_competitors("nccl_tree").size() == 1);
    std::vector<std::string> labels;
    for (const Competitor& competitor : select_competitors("ring,trivance"))
        labels.push_back(competitor.label);
    CHECK(labels == std::vector<std::string>{"trivance-L", "trivance-L-fold",
                                             "trivance-L-synthesized", "trivance-B", "ring-B"});
    CHECK(select_competitors("swing-B").front().form == Form::B);
    CHECK_THROWS_WITH_AS(select_competitors("trivance-X"),
                         doctest::Contains("--algo: unknown algorithm or schedule 'trivance-X' "
                                           "(known: all, trivance, ring, swing"),
                         std::invalid_argument);
}
