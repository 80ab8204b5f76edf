#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "models/trivance/trivance_tree.hpp"

namespace trivcheck {

/// A Trivance B schedule for ring size n, as the distances of its reduce-
/// scatter steps (docs/trivance-b.md): ceil(log3 n) steps, each with a
/// distance to the parent each way round; the reduction in-tree is the one
/// every placed displacement grows by adopting what those distances reach
/// (models/trivance/trivance_tree.hpp), its free directions chosen by the balanced
/// rule; the all-gather is the time reversal, so it costs the same.
/// A partial step (SPEC.md §8) also names, each way, the placed displacements
/// that adopt at it (StepSenders): only those children are placed, so a step
/// may leave a reachable displacement to a later step.
struct TrivanceBPlan {
    int n = 0;
    std::vector<StepDistances> steps;
    /// Empty, or one entry per step: the partial steps' adopters, nothing for a full step.
    std::vector<std::optional<StepSenders>> senders = {};
    bool operator==(const TrivanceBPlan&) const = default;
    /// Step t's adopters when it is partial, else nullptr.
    const StepSenders* partial(std::size_t t) const {
        return t < senders.size() && senders[t] ? &*senders[t] : nullptr;
    }
};

/// Every step's placements (a partial step's as its senders say, a full
/// step's as TreeGrowth adopts); nothing when some displacement stays
/// unplaced or a partial step is not exact (a child adopted twice or already
/// placed, a parent not yet placed).
std::optional<std::vector<TreeStep>> plan_tree_steps(const TrivanceBPlan& plan);

/// The plan's most blocks on one directed link, summed over the reduce-
/// scatter's steps; both phases together carry twice that, so
/// Θ = 2 * phase_link_blocks / n. Nothing when the plan leaves a rank unreached.
std::optional<std::int64_t> phase_link_blocks(const TrivanceBPlan& plan);

/// Θ of a plan that reaches every rank, in units of m.
double plan_theta(const TrivanceBPlan& plan, std::int64_t phase_blocks);

/// The published distances (1, 3, 9, ..., and the shortened step last when n
/// is not a power of 3): the layout the generator used before plans.
TrivanceBPlan short_last_plan(int n);
/// The shortened step first, at +ceil(e/2) and -floor(e/2) with
/// e = n - 3^floor(log3 n), then 1, 3, 9, ... as for 3^floor(log3 n).
TrivanceBPlan short_first_plan(int n);

/// "1,3,9,7/6": each step's distance, or plus/minus when they differ; a
/// partial step adds ":" and its + adopters, "|", its - adopters, each list
/// '.'-separated and sorted ("1:0.6|3.6,2/1:8|0.2,2").
std::string plan_text(const TrivanceBPlan& plan);
/// Whether `text` is meant as a plan (it starts with a digit) rather than a layout's name.
bool is_plan_text(const std::string& text);
/// Parses plan_text's form for ring size n; std::invalid_argument when it is
/// not that form, a distance is outside [0, n/2] or an adopter outside [0, n).
TrivanceBPlan parse_plan_text(int n, const std::string& text);

}  // namespace trivcheck
