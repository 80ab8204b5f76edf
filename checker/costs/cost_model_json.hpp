#pragma once
#include <nlohmann/json.hpp>

#include "checker/costs/cost_model.hpp"

namespace trivcheck {

/// The model as `trivcheck.cost_model/1` (docs/cost-model.md): settings, and
/// per topology every competitor's figures, the winner at each m and the
/// crossovers with both schedules' K and Θ.
nlohmann::json cost_model_to_json(const CostModel& model);

}  // namespace trivcheck
