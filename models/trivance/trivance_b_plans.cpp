#include "models/trivance/trivance_b_plans.hpp"

#include <array>
#include <string>

#include "models/trivance/trivance_b_level_drops.hpp"

namespace trivcheck {

namespace {

/// Index n - 2 holds n's plan in plan_text's form.
constexpr std::array<const char*, stored_trivance_b_plans_up_to - 1> stored_plans = {
#include "models/trivance/trivance_b_plans.inc"
};

}  // namespace

std::optional<TrivanceBPlan> stored_trivance_b_plan(int n) {
    if (n < 2 || n > stored_trivance_b_plans_up_to) return std::nullopt;
    const std::string text = stored_plans[static_cast<std::size_t>(n - 2)];
    if (text == stored_rule_plan) return rule_plan_with_level_drops(n).plan;
    return parse_plan_text(n, text);
}

TrivanceBPlan best_known_plan(int n) {
    if (std::optional<TrivanceBPlan> stored = stored_trivance_b_plan(n)) return *stored;
    return rule_plan_with_level_drops(n).plan;
}

}  // namespace trivcheck
