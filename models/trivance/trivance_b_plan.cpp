#include "models/trivance/trivance_b_plan.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "models/ring_arithmetic.hpp"
#include "models/trivance/set_placement.hpp"
#include "models/trivance/trivance.hpp"

namespace trivcheck {

namespace {

/// Grows the plan's tree from its coarsest step, handing each step's
/// placement to `visit`; false when a partial step is not exact or a
/// displacement stays unplaced.
template <typename Visit>
bool grow_plan(const TrivanceBPlan& plan, TreeStep* records, Visit visit) {
    TreeGrowth growth(plan.n);
    for (int t = static_cast<int>(plan.steps.size()) - 1; t >= 0; --t) {
        const auto index = static_cast<std::size_t>(t);
        const StepDistances distances = plan.steps[index];
        TreeStep* record = records ? &records[index] : nullptr;
        if (const StepSenders* senders = plan.partial(index)) {
            const std::optional<StepPlacement> placement =
                growth.place_adopted(t, distances, *senders, record);
            if (!placement) return false;
            visit(distances, *placement);
        } else {
            visit(distances, growth.place(t, distances, record));
        }
    }
    return growth.complete();
}

/// phase_link_blocks of a plan without partial steps, from whole placed
/// sets: a step's children are the unplaced x with x + d+ placed (+) or
/// x - d- placed (-), and the balanced rule's cost needs only how many are
/// one way, the other or both, which do not depend on the order TreeGrowth
/// adopts in (a test compares the two on every kind of plan).
std::optional<std::int64_t> full_step_phase_link_blocks(int n,
                                                        const std::vector<StepDistances>& steps) {
    RingBitset placed(n);
    RingBitset by_plus(n);
    RingBitset by_minus(n);
    placed.add(0);
    int placed_count = 1;
    std::int64_t blocks = 0;
    for (std::size_t t = steps.size(); t-- > 0;) {
        const StepDistances distances = steps[t];
        grow_children(by_plus, placed, placed, n, distances.plus, true);
        grow_children(by_minus, placed, placed, n, distances.minus, false);
        const StepPlacement placement = placement_of_children(by_plus, by_minus);
        blocks += least_step_link_blocks(distances, placement);
        placed.insert(by_plus);
        placed.insert(by_minus);
        placed_count += children_count(placement);
    }
    if (placed_count != n) return std::nullopt;
    return blocks;
}

}  // namespace

std::optional<std::vector<TreeStep>> plan_tree_steps(const TrivanceBPlan& plan) {
    std::vector<TreeStep> steps(plan.steps.size());
    if (!grow_plan(plan, steps.data(), [](StepDistances, const StepPlacement&) {}))
        return std::nullopt;
    return steps;
}

std::optional<std::int64_t> phase_link_blocks(const TrivanceBPlan& plan) {
    if (plan.senders.empty()) return full_step_phase_link_blocks(plan.n, plan.steps);
    std::int64_t blocks = 0;
    const bool exact =
        grow_plan(plan, nullptr, [&](StepDistances distances, const StepPlacement& placement) {
            blocks += least_step_link_blocks(distances, placement);
        });
    if (!exact) return std::nullopt;
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
    const auto list = [&](std::vector<int> displacements) {
        std::sort(displacements.begin(), displacements.end());
        for (std::size_t i = 0; i < displacements.size(); ++i)
            text << (i > 0 ? "." : "") << displacements[i];
    };
    for (std::size_t t = 0; t < plan.steps.size(); ++t) {
        const StepDistances& step = plan.steps[t];
        if (t > 0) text << ',';
        text << step.plus;
        if (step.minus != step.plus) text << '/' << step.minus;
        if (const StepSenders* senders = plan.partial(t)) {
            text << ':';
            list(senders->plus);
            text << '|';
            list(senders->minus);
        }
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
    const auto number = [&](const std::string& item, const char* what) {
        if (item.empty() || item.size() > 9 ||
            item.find_first_not_of("0123456789") != std::string::npos)
            throw refuse("'" + item + "' is not " + what);
        return std::stoi(item);
    };
    const auto distance = [&](const std::string& item) {
        const int d = number(item, "a distance");
        if (d > n / 2) throw refuse("distance " + item + " is more than n/2");
        return d;
    };
    const auto adopters = [&](const std::string& list) {
        std::vector<int> displacements;
        std::istringstream entries(list);
        std::string entry;
        while (std::getline(entries, entry, '.')) {
            const int x = number(entry, "a displacement");
            if (x >= n) throw refuse("displacement " + entry + " is not below n");
            displacements.push_back(x);
        }
        if (!list.empty() && list.back() == '.') throw refuse("'' is not a displacement");
        return displacements;
    };
    std::istringstream items(text);
    std::string item;
    bool partial = false;
    std::vector<std::optional<StepSenders>> senders;
    while (std::getline(items, item, ',')) {
        const std::size_t colon = item.find(':');
        const std::string distances = item.substr(0, colon);
        const std::size_t slash = distances.find('/');
        const int plus = distance(distances.substr(0, slash));
        const int minus = slash == std::string::npos ? plus : distance(distances.substr(slash + 1));
        plan.steps.push_back({plus, minus});
        senders.emplace_back();
        if (colon == std::string::npos) continue;
        const std::string lists = item.substr(colon + 1);
        const std::size_t bar = lists.find('|');
        if (bar == std::string::npos)
            throw refuse("step '" + item + "' gives no '|' between its + and - adopters");
        senders.back() =
            StepSenders{adopters(lists.substr(0, bar)), adopters(lists.substr(bar + 1))};
        partial = true;
    }
    if (plan.steps.empty()) throw refuse("no steps");
    if (partial) plan.senders = std::move(senders);
    return plan;
}

}  // namespace trivcheck
