#include "checker/costs/formula_figures.hpp"

#include <algorithm>

#include "models/generator.hpp"

namespace trivcheck {

std::optional<CostFigures> formula_figures(const Competitor& competitor, const Topology& topology,
                                           std::string& why) {
    const AlgorithmInfo* info = algorithm_named(competitor.algo);
    if (!info || !info->formulas.ring) {
        why = "no formula for " + competitor.algo;
        return std::nullopt;
    }
    if (std::find(info->collectives.begin(), info->collectives.end(), Collective::allreduce) ==
        info->collectives.end()) {
        // nccl_pat: its model values are its all-gather's and reduce-scatter's.
        why = competitor.algo + " has no allreduce, the collective the model compares";
        return std::nullopt;
    }
    if (competitor.last_step != "published") {
        why = "the paper's model has no formula for the " + competitor.last_step + " last step";
        return std::nullopt;
    }
    if (topology.kind == TopologyKind::ring) {
        const FormulaCost cost = info->formulas.ring(competitor.form, topology.rank_count());
        return CostFigures{cost.steps, cost.theta};
    }
    const int dimensions = static_cast<int>(topology.dims.size());
    if (competitor.form == Form::L) {
        why = "Table 3 gives bandwidth-optimal forms only";
        return std::nullopt;
    }
    if (dimensions < 2 || dimensions > 4) {
        why = "Table 3 has no " + std::to_string(dimensions) + "-dimensional row";
        return std::nullopt;
    }
    int steps = 0;
    for (int extent : topology.dims) steps += info->formulas.torus_steps(extent);
    return CostFigures{steps, info->formulas.torus_factor(dimensions) / dimensions};
}

}  // namespace trivcheck
