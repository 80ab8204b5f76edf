#include "models/trivance/trivance_tree.hpp"

#include <algorithm>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

namespace {

constexpr int unplaced = -2;
constexpr int owner_step = -1;

}  // namespace

std::vector<StepDistances> symmetric_distances(const std::vector<int>& distances) {
    std::vector<StepDistances> both;
    both.reserve(distances.size());
    for (int d : distances) both.push_back({d, d});
    return both;
}

TreeGrowth::TreeGrowth(int n) : n_(n), send_step_(static_cast<std::size_t>(n), unplaced) {
    send_step_[0] = owner_step;
    placed_.reserve(static_cast<std::size_t>(n));
    placed_.push_back(0);
}

StepPlacement TreeGrowth::place(int t, StepDistances distances, TreeStep* record) {
    StepPlacement counts;
    if (record) *record = TreeStep{t, distances.plus, distances.minus, {}};
    const auto at = [&](int x) -> int& { return send_step_[static_cast<std::size_t>(x)]; };
    const auto eligible = [&](int parent) {
        const int parent_step = at(parent);
        return parent_step == owner_step || parent_step > t;
    };
    // x + d mod n for x in [0, n) and |d| <= n, without a division.
    const auto shifted = [&](int x, int d) {
        const int y = x + d;
        return y < 0 ? y + n_ : y >= n_ ? y - n_ : y;
    };
    // A node that sends later than t (or the owner) can still receive at t,
    // so it adopts the unplaced x - d+ (which sends + to it) and x + d- (which
    // sends -). The placement order (parents in the order they were placed,
    // the + child first) does not depend on directions, so every rule shares it.
    const std::size_t placed_before = placed_.size();
    for (std::size_t i = 0; i < placed_before; ++i) {
        const int parent = placed_[i];
        if (!eligible(parent)) continue;
        for (const auto& [direction, d] :
             {std::pair{+1, distances.plus}, std::pair{-1, distances.minus}}) {
            if (d == 0) continue;
            const int child = shifted(parent, -direction * d);
            if (at(child) != unplaced) continue;
            at(child) = t;  // sends at t, so it adopts nothing at t
            ++(direction > 0 ? counts.adopted_plus : counts.adopted_minus);
            placed_.push_back(child);
            if (record) record->placed.push_back({child, false, false, direction});
        }
    }
    // Which parents a child may send to is known once the step's placements are.
    for (std::size_t i = placed_before; i < placed_.size(); ++i) {
        const int x = placed_[i];
        const bool plus = distances.plus != 0 && eligible(shifted(x, distances.plus));
        const bool minus = distances.minus != 0 && eligible(shifted(x, -distances.minus));
        ++(plus && minus ? counts.two_way : plus ? counts.forced_plus : counts.forced_minus);
        if (record) {
            PlacedDisplacement& child = record->placed[i - placed_before];
            child.plus_possible = plus;
            child.minus_possible = minus;
        }
    }
    return counts;
}

std::optional<StepPlacement> TreeGrowth::place_adopted(int t, StepDistances distances,
                                                       const StepSenders& senders,
                                                       TreeStep* record) {
    StepPlacement counts;
    if (record) *record = TreeStep{t, distances.plus, distances.minus, {}};
    for (const auto& [direction, d, parents] : {std::tuple{+1, distances.plus, &senders.plus},
                                                std::tuple{-1, distances.minus, &senders.minus}}) {
        if (d == 0 && !parents->empty()) return std::nullopt;
        for (int parent : *parents) {
            if (parent < 0 || parent >= n_) return std::nullopt;
            const int parent_step = send_step_[static_cast<std::size_t>(parent)];
            // The parent must hold its partial past t: placed at a coarser step, or the owner.
            if (parent_step != owner_step && (parent_step == unplaced || parent_step <= t))
                return std::nullopt;
            const int child = wrap(parent - direction * d, n_);
            int& child_step = send_step_[static_cast<std::size_t>(child)];
            if (child_step != unplaced) return std::nullopt;
            child_step = t;
            placed_.push_back(child);
            ++(direction > 0 ? counts.adopted_plus : counts.adopted_minus);
            ++(direction > 0 ? counts.forced_plus : counts.forced_minus);
            if (record) record->placed.push_back({child, direction > 0, direction < 0, direction});
        }
    }
    return counts;
}

void TreeGrowth::undo_to(int count) {
    while (placed_count() > count) {
        send_step_[static_cast<std::size_t>(placed_.back())] = unplaced;
        placed_.pop_back();
    }
}

std::optional<std::vector<TreeStep>> try_trivance_tree_steps(
    int n, const std::vector<StepDistances>& distances) {
    const int steps = static_cast<int>(distances.size());
    std::vector<TreeStep> tree_steps(static_cast<std::size_t>(steps));
    TreeGrowth growth(n);
    // Walk the reduce-scatter backwards, from its coarsest step.
    for (int t = steps - 1; t >= 0; --t)
        growth.place(t, distances[static_cast<std::size_t>(t)],
                     &tree_steps[static_cast<std::size_t>(t)]);
    if (!growth.complete()) return std::nullopt;
    return tree_steps;
}

std::vector<TreeStep> trivance_tree_steps(int n, const std::vector<StepDistances>& distances) {
    std::optional<std::vector<TreeStep>> steps = try_trivance_tree_steps(n, distances);
    if (!steps)
        throw std::logic_error("trivance reduction tree leaves a displacement unplaced for n = " +
                               std::to_string(n));
    return std::move(*steps);
}

std::vector<TreeStep> trivance_tree_steps(int n, const std::vector<int>& distances) {
    return trivance_tree_steps(n, symmetric_distances(distances));
}

const char* to_string(TreeRule rule) {
    return rule == TreeRule::first_come ? "first_come" : "balanced";
}

bool parse_tree_rule(const std::string& text, TreeRule& rule) {
    if (text == "first_come")
        rule = TreeRule::first_come;
    else if (text == "balanced")
        rule = TreeRule::balanced;
    else
        return false;
    return true;
}

std::vector<int> choose_directions(const TreeStep& step, TreeRule rule) {
    std::vector<int> directions;
    directions.reserve(step.placed.size());
    if (rule == TreeRule::first_come) {
        for (const PlacedDisplacement& child : step.placed)
            directions.push_back(child.first_come_direction);
        return directions;
    }
    DirectionCounts counts;
    for (const PlacedDisplacement& child : step.placed) {
        if (child.two_way()) continue;
        ++(child.plus_possible ? counts.plus : counts.minus);
    }
    // Forced ones fixed, each two-way one goes where the load stays lower:
    // with equal distances the larger side only grows when the two are equal,
    // so max(c+, c-) ends at max(forced+, forced-, ceil(placed / 2)), which no
    // choice beats; with unequal ones each unit goes to the side that ends
    // lower, which is also least (the loads only grow).
    const std::int64_t plus = step.plus_distance;
    const std::int64_t minus = step.minus_distance;
    for (const PlacedDisplacement& child : step.placed) {
        if (!child.two_way()) {
            directions.push_back(child.plus_possible ? +1 : -1);
        } else if (plus * (counts.plus + 1) <= minus * (counts.minus + 1)) {
            directions.push_back(+1);
            ++counts.plus;
        } else {
            directions.push_back(-1);
            ++counts.minus;
        }
    }
    return directions;
}

DirectionCounts count_directions(const std::vector<int>& directions) {
    DirectionCounts counts;
    for (int direction : directions) ++(direction > 0 ? counts.plus : counts.minus);
    return counts;
}

namespace {

/// The busiest link's blocks when k of the two-way displacements send +.
std::int64_t load_with_plus_share(StepDistances distances, const StepPlacement& placement, int k) {
    return std::max(
        std::int64_t{distances.plus} * (placement.forced_plus + k),
        std::int64_t{distances.minus} * (placement.forced_minus + placement.two_way - k));
}

}  // namespace

int least_load_plus_share(StepDistances distances, const StepPlacement& placement) {
    // k of the two-way displacements send +: the + load grows with k, the -
    // load shrinks, so the maximum is convex in k and least where they cross,
    // at the floor of d- (f- + w) - d+ f+ over d+ + d- or one above (with a
    // distance 0 a side is flat and the least is at an end: 0 or w).
    const std::int64_t plus = distances.plus;
    const std::int64_t minus = distances.minus;
    const int most = placement.two_way;
    int best = 0;
    const auto consider = [&](std::int64_t k) {
        const int clamped = static_cast<int>(std::clamp<std::int64_t>(k, 0, most));
        const std::int64_t load = load_with_plus_share(distances, placement, clamped);
        const std::int64_t best_load = load_with_plus_share(distances, placement, best);
        if (load < best_load || (load == best_load && clamped < best)) best = clamped;
    };
    consider(most);
    if (plus + minus > 0) {
        const std::int64_t cross =
            (minus * (placement.forced_minus + most) - plus * placement.forced_plus) /
            (plus + minus);
        consider(cross);
        consider(cross + 1);
    }
    return best;
}

std::int64_t least_step_link_blocks(StepDistances distances, const StepPlacement& placement) {
    return load_with_plus_share(distances, placement, least_load_plus_share(distances, placement));
}

std::int64_t step_link_blocks(const TreeStep& step, const std::vector<int>& directions) {
    const DirectionCounts counts = count_directions(directions);
    return std::max(std::int64_t{step.plus_distance} * counts.plus,
                    std::int64_t{step.minus_distance} * counts.minus);
}

ReductionTree reduction_tree_of(int n, const std::vector<TreeStep>& steps, TreeRule rule) {
    ReductionTree tree{std::vector<int>(static_cast<std::size_t>(n), owner_step),
                       std::vector<int>(static_cast<std::size_t>(n), 0)};
    for (const TreeStep& step : steps) {
        const std::vector<int> directions = choose_directions(step, rule);
        for (std::size_t i = 0; i < step.placed.size(); ++i) {
            const auto x = static_cast<std::size_t>(step.placed[i].displacement);
            tree.send_step[x] = step.step;
            tree.direction[x] = directions[i];
        }
    }
    return tree;
}

ReductionTree trivance_reduction_tree(int n, const std::vector<StepDistances>& distances,
                                      TreeRule rule) {
    return reduction_tree_of(n, trivance_tree_steps(n, distances), rule);
}

ReductionTree trivance_reduction_tree(int n, const std::vector<int>& distances, TreeRule rule) {
    return trivance_reduction_tree(n, symmetric_distances(distances), rule);
}

}  // namespace trivcheck
