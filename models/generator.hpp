#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/form.hpp"
#include "models/paper_formulas.hpp"
#include "models/rotation_orbit.hpp"
#include "models/schedule.hpp"
#include "models/trivance/trivance_pieces.hpp"

namespace trivcheck {

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
    /// (the least-Θ plan known, models/trivance/trivance_b_plans.hpp), "short_last"
    /// (the published 1, 3, 9, ... with the shortened step last) or
    /// "short_first" (the shortened step first), or a plan in plan_text's
    /// form ("1,3,9,7/6", models/trivance/trivance_b_plan.hpp).
    std::string layout = "best";
    /// Trivance B with layout "short_last": how the reduction tree's free
    /// directions are chosen, "first_come" or "balanced" (models/trivance/trivance_tree.hpp);
    /// the other layouts use the balanced rule their plans were costed with.
    std::string tree = "first_come";
    /// Trivance L with last_step "synthesized": the plan of the last step for
    /// n ranks (docs/synthesis.md), or nothing when none exists. The caller
    /// supplies it (proofs/last_step_planner.hpp asks Z3); models do not solve.
    std::function<std::optional<LastStepPlan>(int n)> last_step_planner = {};
    /// NCCL's algorithms (docs/nccl.md): the collective to build (the others
    /// build all-reduce only), the channels a call runs on and the loops of
    /// each channel (enqueue.cc's split of a call; runRing's gridOffset loop).
    Collective collective = Collective::allreduce;
    int channels = 1;
    int loops = 1;
    /// nccl_pat: "aggregated" (PatRSAlgorithm's small-message form) or "step"
    /// (one block a step).
    std::string pat_aggregation = "aggregated";
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

/// `blocks` as a schedule's block count: GeneratedScheduleTooLarge past the
/// int a block index is (a ring B of 2^30 ranks has 2^31 blocks).
inline int checked_block_count(std::int64_t blocks, const std::string& schedule_name) {
    if (blocks > std::numeric_limits<int>::max())
        throw GeneratedScheduleTooLarge(
            schedule_name + " has " + std::to_string(blocks) + " blocks, more than the " +
            std::to_string(std::numeric_limits<int>::max()) + " a block index holds");
    return static_cast<int>(blocks);
}

/// The per-algorithm choices of a GeneratorRequest an algorithm reads.
struct AlgorithmChoices {
    bool last_step = false;  // L: published, fold, synthesized
    bool layout = false;     // B: best, short_last, short_first, a plan
    bool tree = false;       // B: first_come, balanced
    bool route = false;      // same, shortest
    bool nccl = false;       // --collective, --channels, --chunks (NCCL's algorithms)
};

/// One registered generator: everything the tool knows about an algorithm, in
/// one place (docs/architecture.md). `list`, `check`, `gen`, `sweep`, the
/// smallest failing n, orbits and the cost model read it from here.
struct AlgorithmInfo {
    std::string name;
    std::vector<Form> forms;
    std::string topologies;
    std::string summary;
    Schedule (*generate)(const GeneratorRequest&);
    /// The request's per-algorithm choices it reads, as command-line options; empty if none.
    std::string options = {};
    AlgorithmChoices choices = {};
    /// The base of its distances (3^k or 2^k): its exact sizes are the powers
    /// of it, the rest need a shortened step or a fold; 0: every n alike.
    int radix = 0;
    /// What the paper's tables say it costs (`model --source formula`).
    PaperFormulas formulas = {};
    /// Its colours on the cost map: the L form, then the B form.
    std::array<const char*, 2> colours = {"#999999", "#999999"};
    /// Latency-form variants beside the published one (`--last-step`), each a
    /// competitor of the cost model of its own.
    std::vector<std::string> latency_variants = {};
    /// Its published L form counts contributions twice for every n that is
    /// not a power of the radix (docs/model.md); the cost model says so.
    bool published_latency_flawed = false;
    /// The paper's named checks (its lemmas and the arcs of each step,
    /// checker/execution/trivance_checks.hpp) apply to its schedules.
    bool named_checks = false;
    /// Its rotation orbit on a ring (every rank's messages are rank 0's
    /// turned) when the request has one, else nullopt; nullptr: never.
    std::optional<RotationOrbit> (*ring_orbit)(const GeneratorRequest&) = nullptr;
    /// Its ranks are numbered over the whole topology, as NCCL numbers a
    /// communicator's: never lifted to one collective per torus dimension.
    bool whole_communicator = false;
    /// The collectives it builds (GeneratorRequest::collective): all-reduce
    /// only but for NCCL's algorithms; `sweep` checks each.
    std::vector<Collective> collectives = {Collective::allreduce};
};

/// The catalogue entry of `request.algo`; NotApplicable when it has no
/// `request.form`, std::invalid_argument when there is no such algorithm.
const AlgorithmInfo& requested_algorithm(const GeneratorRequest& request);

/// Every generator, in a stable order.
const std::vector<AlgorithmInfo>& algorithm_catalogue();
/// The catalogue entry named `name`; nullptr when there is none.
const AlgorithmInfo* algorithm_named(const std::string& name);
/// The catalogue entry `schedule` came from: its generator's name, or else the
/// entry whose name begins the schedule's (a file's "trivance-B-27"); nullptr
/// when neither names one.
const AlgorithmInfo* schedule_algorithm(const Schedule& schedule);
/// Generates the schedule; throws std::invalid_argument for an unknown
/// algorithm or form, NotApplicable when the form does not exist for the size.
/// On `switch:N` every algorithm runs its ring schedule of n ranks: the ranks
/// are numbered alike and a message goes through the switch whatever way it
/// would have gone round the ring (the executor charges the sender's port out
/// and the receiver's port in).
Schedule generate(const GeneratorRequest& request);

const char* to_string(Form form);
/// Parses "L" or "B".
bool parse_form(const std::string& text, Form& form);

}  // namespace trivcheck
