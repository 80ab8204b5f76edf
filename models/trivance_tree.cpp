#include "models/trivance_tree.hpp"

#include <stdexcept>

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

namespace {

constexpr int unplaced = -2;
constexpr int owner_step = -1;

}  // namespace

std::vector<TreeStep> trivance_tree_steps(int n, const std::vector<int>& distances) {
    const int steps = static_cast<int>(distances.size());
    std::vector<TreeStep> tree_steps(static_cast<std::size_t>(steps));
    std::vector<int> send_step(static_cast<std::size_t>(n), unplaced);
    send_step[0] = owner_step;
    std::vector<int> placed{0};
    const auto at = [&](int x) -> int& { return send_step[static_cast<std::size_t>(x)]; };
    // Walk the reduce-scatter backwards: a node that sends later than t (or the
    // owner) can still receive at t, so it adopts the unplaced x -/+ d_t. The
    // placement order (parents in the order they were placed, x - d_t first)
    // does not depend on directions, so every rule shares it.
    for (int t = steps - 1; t >= 0; --t) {
        TreeStep& tree_step = tree_steps[static_cast<std::size_t>(t)];
        tree_step.step = t;
        tree_step.distance = distances[static_cast<std::size_t>(t)];
        const int d = tree_step.distance;
        const auto eligible = [&](int parent) {
            const int parent_step = at(parent);
            return parent_step == owner_step || parent_step > t;
        };
        const std::size_t placed_before = placed.size();
        for (std::size_t i = 0; i < placed_before; ++i) {
            const int parent = placed[i];
            if (!eligible(parent)) continue;
            for (int direction : {+1, -1}) {
                const int child = wrap(parent - direction * d, n);
                if (at(child) != unplaced) continue;
                at(child) = t;  // sends at t, so it adopts nothing at t
                tree_step.placed.push_back({child, false, false, direction});
                placed.push_back(child);
            }
        }
        for (PlacedDisplacement& child : tree_step.placed) {
            child.plus_possible = eligible(wrap(child.displacement + d, n));
            child.minus_possible = eligible(wrap(child.displacement - d, n));
        }
    }
    for (int x = 0; x < n; ++x)
        if (at(x) == unplaced)
            throw std::logic_error("trivance reduction tree leaves displacement " +
                                   std::to_string(x) + " unplaced for n = " + std::to_string(n));
    return tree_steps;
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
    // Forced ones fixed, each two-way one levels the sides: the larger side
    // only grows when the two are equal, so max(c+, c-) ends at
    // max(forced+, forced-, ceil(placed / 2)), which no choice beats.
    for (const PlacedDisplacement& child : step.placed) {
        if (!child.two_way()) {
            directions.push_back(child.plus_possible ? +1 : -1);
        } else if (counts.plus <= counts.minus) {
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

ReductionTree trivance_reduction_tree(int n, const std::vector<int>& distances, TreeRule rule) {
    ReductionTree tree{std::vector<int>(static_cast<std::size_t>(n), owner_step),
                       std::vector<int>(static_cast<std::size_t>(n), 0)};
    for (const TreeStep& step : trivance_tree_steps(n, distances)) {
        const std::vector<int> directions = choose_directions(step, rule);
        for (std::size_t i = 0; i < step.placed.size(); ++i) {
            const auto x = static_cast<std::size_t>(step.placed[i].displacement);
            tree.send_step[x] = step.step;
            tree.direction[x] = directions[i];
        }
    }
    return tree;
}

}  // namespace trivcheck
