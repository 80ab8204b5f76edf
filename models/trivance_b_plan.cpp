#include "models/trivance_b_plan.hpp"

#include <sstream>
#include <stdexcept>

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

std::optional<std::int64_t> phase_link_blocks(const TrivanceBPlan& plan) {
    TreeGrowth growth(plan.n);
    std::int64_t blocks = 0;
    for (int t = static_cast<int>(plan.steps.size()) - 1; t >= 0; --t) {
        const StepDistances distances = plan.steps[static_cast<std::size_t>(t)];
        blocks += least_step_link_blocks(distances, growth.place(t, distances));
    }
    if (!growth.complete()) return std::nullopt;
    return blocks;
}

double plan_theta(const TrivanceBPlan& plan, std::int64_t phase_blocks) {
    return 2.0 * static_cast<double>(phase_blocks) / static_cast<double>(plan.n);
}

TrivanceBPlan short_last_plan(int n) {
    TrivanceBPlan plan{n, {}};
    const int s = floor_log(n, 3);
    for (int k = 0; k < s; ++k) {
        const int d = static_cast<int>(power(3, k));
        plan.steps.push_back({d, d});
    }
    const int extra = n - static_cast<int>(power(3, s));
    if (extra > 0) plan.steps.push_back({(extra + 1) / 2, (extra + 1) / 2});
    return plan;
}

TrivanceBPlan short_first_plan(int n) {
    TrivanceBPlan plan{n, {}};
    const int s = floor_log(n, 3);
    const int extra = n - static_cast<int>(power(3, s));
    if (extra > 0) plan.steps.push_back({(extra + 1) / 2, extra / 2});
    for (int k = 0; k < s; ++k) {
        const int d = static_cast<int>(power(3, k));
        plan.steps.push_back({d, d});
    }
    return plan;
}

std::string plan_text(const TrivanceBPlan& plan) {
    std::ostringstream text;
    for (std::size_t t = 0; t < plan.steps.size(); ++t) {
        const StepDistances& step = plan.steps[t];
        if (t > 0) text << ',';
        text << step.plus;
        if (step.minus != step.plus) text << '/' << step.minus;
    }
    return text.str();
}

TrivanceBPlan parse_plan_text(int n, const std::string& text) {
    TrivanceBPlan plan{n, {}};
    const auto refuse = [&](const std::string& why) {
        return std::invalid_argument("trivance B plan '" + text + "' for n = " +
                                     std::to_string(n) + ": " + why);
    };
    const auto distance = [&](const std::string& item) {
        if (item.empty() || item.size() > 9 || item.find_first_not_of("0123456789") != std::string::npos)
            throw refuse("'" + item + "' is not a distance");
        const int d = std::stoi(item);
        if (d > n / 2) throw refuse("distance " + item + " is more than n/2");
        return d;
    };
    std::istringstream items(text);
    std::string item;
    while (std::getline(items, item, ',')) {
        const std::size_t slash = item.find('/');
        const int plus = distance(item.substr(0, slash));
        const int minus = slash == std::string::npos ? plus : distance(item.substr(slash + 1));
        plan.steps.push_back({plus, minus});
    }
    if (plan.steps.empty()) throw refuse("no steps");
    return plan;
}

}  // namespace trivcheck
