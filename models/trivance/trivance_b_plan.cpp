#include "models/trivance/trivance_b_plan.hpp"

#include <cctype>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "models/ring_arithmetic.hpp"
#include "models/trivance/trivance.hpp"

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

TrivanceBPlan short_last_plan(int n) { return {n, symmetric_distances(trivance_distances(n))}; }

TrivanceBPlan short_first_plan(int n) {
    // The same distances with the shortened one (present when n is not a
    // power of 3) moved to the front, split +ceil(e/2), -floor(e/2).
    const std::vector<int> published = trivance_distances(n);
    const int extra = n - static_cast<int>(power(3, floor_log(n, 3)));
    TrivanceBPlan plan{n, {}};
    if (extra > 0) plan.steps.push_back({(extra + 1) / 2, extra / 2});
    for (std::size_t k = 0; k + (extra > 0 ? 1 : 0) < published.size(); ++k)
        plan.steps.push_back({published[k], published[k]});
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

bool is_plan_text(const std::string& text) {
    return !text.empty() && std::isdigit(static_cast<unsigned char>(text[0]));
}

TrivanceBPlan parse_plan_text(int n, const std::string& text) {
    TrivanceBPlan plan{n, {}};
    const auto refuse = [&](const std::string& why) {
        return std::invalid_argument("trivance B plan '" + text + "' for n = " + std::to_string(n) +
                                     ": " + why);
    };
    const auto distance = [&](const std::string& item) {
        if (item.empty() || item.size() > 9 ||
            item.find_first_not_of("0123456789") != std::string::npos)
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
