#pragma once
#include <string>

#include "checker/costs/cost_model.hpp"

namespace trivcheck {

/// The model as a person reads it: the settings, then per topology every
/// competitor's figures (executed beside the formula's), the winner over each
/// range of m, and the crossovers with both schedules' K and Θ.
std::string cost_model_to_text(const CostModel& model);

/// One CSV row per topology and m: the winner, its K, Θ and time.
std::string cost_model_to_csv(const CostModel& model);

/// "2.524": a byte factor with at most four significant digits.
std::string format_theta(double theta);

}  // namespace trivcheck
