#include "checker/costs/cost_model_json.hpp"

#include "checker/costs/nccl_model_json.hpp"

namespace trivcheck {

namespace {

nlohmann::json figures_json(const std::optional<CostFigures>& figures, int dimensions) {
    if (!figures) return nullptr;
    return {{"steps", figures->steps},
            {"theta", figures->theta},
            {"theta_relative", figures->theta * dimensions}};
}

nlohmann::json competitor_json(const CompetitorCosts& costs, int dimensions) {
    nlohmann::json json = {{"schedule", costs.competitor.label},
                           {"algo", costs.competitor.algo},
                           {"form", to_string(costs.competitor.form)},
                           {"status", costs.status},
                           {"competes", costs.competes},
                           {"executed", figures_json(costs.executed, dimensions)},
                           {"formula", figures_json(costs.formula, dimensions)}};
    const AlgorithmInfo* info = algorithm_named(costs.competitor.algo);
    if (info && !info->latency_variants.empty() && costs.competitor.form == Form::L)
        json["last_step"] = costs.competitor.last_step;
    if (!costs.competes) json["reason"] = costs.reason;
    if (!costs.note.empty()) json["note"] = costs.note;
    return json;
}

nlohmann::json named_json(const TopologyCosts& row, int index, CostSource source) {
    const CostFigures& figures = row.competitors[index].used(source);
    return {{"schedule", row.competitors[index].competitor.label},
            {"steps", figures.steps},
            {"theta", figures.theta}};
}

nlohmann::json row_json(const TopologyCosts& row, const CostModel& model) {
    const int dimensions = static_cast<int>(row.topology.dims.size());
    nlohmann::json competitors = nlohmann::json::array();
    for (const CompetitorCosts& costs : row.competitors)
        competitors.push_back(competitor_json(costs, dimensions));
    nlohmann::json winners = nlohmann::json::array();
    for (std::size_t i = 0; i < model.sizes.size(); ++i) {
        const int winner = row.winners[i];
        nlohmann::json entry = {{"m_bytes", model.sizes[i]}, {"winner", nullptr}};
        if (winner >= 0) {
            entry["winner"] = named_json(row, winner, model.source);
            entry["seconds"] = row.seconds(winner, model.source, model.alpha_seconds,
                                           model.seconds_per_byte, model.sizes[i]);
        }
        winners.push_back(std::move(entry));
    }
    nlohmann::json crossovers = nlohmann::json::array();
    for (const Crossover& crossover : row.crossovers)
        crossovers.push_back({{"m_bytes", crossover.bytes},
                              {"from", named_json(row, crossover.from, model.source)},
                              {"to", named_json(row, crossover.to, model.source)}});
    nlohmann::json json = {{"topology", row.topology.describe()},
                           {"ranks", row.topology.rank_count()},
                           {"dimensions", dimensions},
                           {"competitors", std::move(competitors)},
                           {"winners", std::move(winners)},
                           {"crossovers", std::move(crossovers)}};
    if (row.nccl) json["nccl"] = nccl_row_json(row, model);
    return json;
}

/// "executed", "formula", "nccl" (NCCL's model alone) or "both".
std::string cost_model_source_label(const CostModel& model) {
    const bool schedules = !model.rows.empty() && !model.rows.front().competitors.empty();
    if (model.nccl) return schedules ? "both" : "nccl";
    return to_string(model.source);
}

}  // namespace

nlohmann::json cost_model_to_json(const CostModel& model) {
    nlohmann::json rows = nlohmann::json::array();
    for (const TopologyCosts& row : model.rows) rows.push_back(row_json(row, model));
    nlohmann::json json = {
        {"schema", "trivcheck.cost_model/1"},         {"source", cost_model_source_label(model)},
        {"collective", to_string(model.collective)},  {"alpha_seconds", model.alpha_seconds},
        {"seconds_per_byte", model.seconds_per_byte}, {"topologies", std::move(rows)}};
    if (model.nccl) json["nccl"] = nccl_settings_json(*model.nccl);
    return json;
}

}  // namespace trivcheck
