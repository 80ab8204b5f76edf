#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "checker/costs/competitors.hpp"
#include "checker/costs/cost_envelope.hpp"
#include "checker/costs/formula_figures.hpp"
#include "checker/costs/nccl_model.hpp"
#include "checker/execution/executor.hpp"

namespace trivcheck {

/// Where K and Θ come from: the schedule trivcheck generated and checked at
/// that size (only schedules that hold compete), or the paper's formulas.
enum class CostSource { executed, formula };
const char* to_string(CostSource source);

/// What `trivcheck model` computes (docs/cost-model.md).
struct CostModelRequest {
    std::vector<Topology> topologies;
    std::vector<Competitor> competitors;
    /// The collective compared (`--collective`): competitors that do not
    /// build it are not applicable; the formulas are all-reduce's only.
    Collective collective = Collective::allreduce;
    CostSource source = CostSource::executed;
    double alpha_seconds = 1.5e-6;
    /// β: seconds per byte of one link (800 Gb/s: 1e-11).
    double seconds_per_byte = 1e-11;
    /// Message sizes m in bytes, sorted and distinct.
    std::vector<double> sizes;
    /// Threads for the executed source (0: all cores).
    int jobs = 0;
    ExecuteOptions execute_options = {};
    /// Completes a generator request with what models/ cannot supply (the
    /// synthesized last step's planner, which lives in proofs/).
    std::function<void(GeneratorRequest&)> prepare = {};
    /// Also NCCL's own model and pick per size (docs/cost-model.md).
    std::optional<NcclModelSettings> nccl = {};
};

/// One competitor at one topology: its figures and whether it competes.
struct CompetitorCosts {
    Competitor competitor;
    /// Executed source: the checked schedule's K and Θ (also when violated).
    std::optional<CostFigures> executed;
    /// The paper's formula, when it has one (listed beside the executed figures).
    std::optional<CostFigures> formula;
    /// holds, violated, not applicable, unknown; formula, no formula.
    std::string status;
    /// Why it does not compete (the violation kind, the generator's reason, ...).
    std::string reason;
    bool competes = false;
    /// Set for the published Trivance L where its schedule is incorrect.
    std::string note;

    /// The figures the model uses under `source`.
    const CostFigures& used(CostSource source) const;
};

/// The winner changes at m = bytes from competitors[from] to competitors[to].
using Crossover = WinnerChange;

struct TopologyCosts {
    Topology topology;
    std::vector<CompetitorCosts> competitors;
    /// Per request size: the index of the fastest competitor, -1 if none competes.
    std::vector<int> winners;
    /// Every change of winner between the first and the last size, exact m.
    std::vector<Crossover> crossovers;
    /// NCCL's model on this topology, when the request asks for it.
    std::optional<NcclRowCosts> nccl = {};

    /// T(m) of competitors[index] under `source`.
    double seconds(int index, CostSource source, double alpha, double beta, double bytes) const;
};

struct CostModel {
    CostSource source = CostSource::executed;
    Collective collective = Collective::allreduce;
    double alpha_seconds = 0;
    double seconds_per_byte = 0;
    std::vector<double> sizes;
    std::vector<TopologyCosts> rows;
    /// Executed source: some check gave no verdict (too large): exit 4.
    bool any_unknown = false;
    std::optional<NcclModelSettings> nccl;
};

/// Every competitor's T(m) as a line (absent where it does not compete).
std::vector<std::optional<CostLine>> cost_lines(const TopologyCosts& row, const CostModel& model);

/// Figures for every competitor at every topology (each schedule executed
/// once per topology, never per m), then the winner per m and the crossovers.
CostModel compute_cost_model(const CostModelRequest& request);

}  // namespace trivcheck
