#pragma once
#include <string>

#include "checker/costs/cost_model.hpp"

namespace trivcheck {

/// The map of who wins where (the paper's panel): a row per topology (the
/// smallest at the bottom), m on a log scale across, each cell coloured by
/// its winner (latency-optimal forms solid, bandwidth-optimal forms light),
/// a black tick at every crossover, and a legend of the winners.
std::string cost_map_svg(const CostModel& model);

/// The fill of a competitor's cells: a hue per algorithm, dark for L, light for B.
std::string competitor_colour(const Competitor& competitor);

}  // namespace trivcheck
