#pragma once
#include <nlohmann/json.hpp>

#include "checker/core/explanation.hpp"

namespace trivcheck {

/// The `explanation` object of a trivcheck.report/1 violation: only the
/// fields the explanation fills (missing_contributors, last_holders,
/// held_blocks, unheld_blocks, first_held_after, sender_holds, bound).
nlohmann::ordered_json explanation_to_json(const Explanation& explanation);

}  // namespace trivcheck
