#pragma once
#include <functional>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/schedule.hpp"
#include "models/trivance_pieces.hpp"

namespace trivcheck {

/// Latency-optimal (whole vector every step) or bandwidth-optimal
/// (reduce-scatter then all-gather) form of an algorithm (docs/model.md).
enum class Form { L, B };

/// What to generate: algorithm, form, topology and per-algorithm choices.
struct GeneratorRequest {
    std::string algo;
    Form form = Form::B;
    Topology topology;
    /// Bruck: "same" (as published) or "shortest".
    std::string route = "same";
    /// Trivance L: "published" (as in the paper) or another variant's name.
    std::string last_step = "published";
    /// Trivance B: the distances of its steps (docs/trivance-b.md): "best"
    /// (the least-Θ plan known, models/trivance_b_plans.hpp), "short_last"
    /// (the published 1, 3, 9, ... with the shortened step last) or
    /// "short_first" (the shortened step first), or a plan in plan_text's
    /// form ("1,3,9,7/6", models/trivance_b_plan.hpp).
    std::string layout = "best";
    /// Trivance B with layout "short_last": how the reduction tree's free
    /// directions are chosen, "first_come" or "balanced" (models/trivance_tree.hpp);
    /// the other layouts use the balanced rule their plans were costed with.
    std::string tree = "first_come";
    /// Trivance L with last_step "synthesized": the plan of the last step for
    /// n ranks (docs/synthesis.md), or nothing when none exists. The caller
    /// supplies it (proofs/last_step_planner.hpp asks Z3); models do not solve.
    std::function<std::optional<LastStepPlan>(int n)> last_step_planner = {};
};

/// Thrown when the algorithm has no schedule of that form for that size or
/// topology; the message says why. Never replaced by a wrong schedule.
struct NotApplicable : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// Thrown when a generated schedule would hold more block indices than a
/// generator may store (models/torus_lift.hpp): a resource limit, so every
/// caller that handles running out of memory (exit 4) handles it too.
struct GeneratedScheduleTooLarge : std::bad_alloc {
    explicit GeneratedScheduleTooLarge(std::string reason) : reason_(std::move(reason)) {}
    const char* what() const noexcept override { return reason_.c_str(); }

  private:
    std::string reason_;
};

/// One registered generator, for `trivcheck list`.
struct AlgorithmInfo {
    std::string name;
    std::vector<Form> forms;
    std::string topologies;
    std::string summary;
    Schedule (*generate)(const GeneratorRequest&);
    /// The request's per-algorithm choices it reads, as command-line options; empty if none.
    std::string options = {};
};

/// The catalogue entry of `request.algo`; NotApplicable when it has no
/// `request.form`, std::invalid_argument when there is no such algorithm.
const AlgorithmInfo& requested_algorithm(const GeneratorRequest& request);

/// Every generator, in a stable order.
const std::vector<AlgorithmInfo>& algorithm_catalogue();
/// Generates the schedule; throws std::invalid_argument for an unknown
/// algorithm or form, NotApplicable when the form does not exist for the size.
Schedule generate(const GeneratorRequest& request);

const char* to_string(Form form);
/// Parses "L" or "B".
bool parse_form(const std::string& text, Form& form);

}  // namespace trivcheck
