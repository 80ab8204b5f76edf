#include "checker/costs/cost_model.hpp"

#include "checker/core/parallel_for.hpp"
#include "checker/search/sweep_outcome.hpp"
#include "models/ring_arithmetic.hpp"

namespace trivcheck {

namespace {

/// Figures of the executed schedule; competes only when it holds.
void add_executed(CompetitorCosts& costs, const SizeOutcome& outcome) {
    costs.status = to_string(outcome.status);
    if (outcome.status == SweepStatus::holds || outcome.status == SweepStatus::violated)
        costs.executed = CostFigures{outcome.steps, outcome.theta};
    costs.competes = outcome.status == SweepStatus::holds;
    costs.reason = outcome.status == SweepStatus::violated
                       ? outcome.violation_kind + ": only schedules that hold compete"
                       : outcome.reason;
}

void add_formula(CompetitorCosts& costs, const Topology& topology, CostSource source,
                 Collective collective) {
    std::string why;
    if (collective == Collective::allreduce)
        costs.formula = formula_figures(costs.competitor, topology, why);
    else
        why = std::string("the formulas are all-reduce's, not ") + to_string(collective) + "'s";
    if (source != CostSource::formula) return;
    costs.competes = costs.formula.has_value();
    costs.status = costs.competes ? "formula" : "no formula";
    costs.reason = why;
}

std::string published_note(const Competitor& competitor, const Topology& topology) {
    if (!competitor.published_latency_flawed() || topology.kind != TopologyKind::ring) return "";
    const int radix = algorithm_named(competitor.algo)->radix;
    if (is_power_of(topology.rank_count(), radix)) return "";
    return "incorrect: as published it counts contributions more than once for every n that is "
           "not a power of " +
           std::to_string(radix);
}

void choose_winners(TopologyCosts& row, const CostModel& model) {
    const std::vector<std::optional<CostLine>> lines = cost_lines(row, model);
    for (double bytes : model.sizes) row.winners.push_back(fastest_at(lines, bytes));
    if (!model.sizes.empty())
        row.crossovers = winner_changes(lines, model.sizes.front(), model.sizes.back());
}

}  // namespace

std::vector<std::optional<CostLine>> cost_lines(const TopologyCosts& row, const CostModel& model) {
    std::vector<std::optional<CostLine>> lines;
    for (const CompetitorCosts& costs : row.competitors) {
        if (!costs.competes) {
            lines.emplace_back();
            continue;
        }
        const CostFigures& figures = costs.used(model.source);
        lines.push_back(
            CostLine{figures.steps * model.alpha_seconds, figures.theta * model.seconds_per_byte});
    }
    return lines;
}

const char* to_string(CostSource source) {
    return source == CostSource::executed ? "executed" : "formula";
}

const CostFigures& CompetitorCosts::used(CostSource source) const {
    return source == CostSource::executed ? *executed : *formula;
}

double TopologyCosts::seconds(int index, CostSource source, double alpha, double beta,
                              double bytes) const {
    const CostFigures& figures = competitors[index].used(source);
    return figures.steps * alpha + figures.theta * beta * bytes;
}

CostModel compute_cost_model(const CostModelRequest& request) {
    CostModel model;
    model.source = request.source;
    model.collective = request.collective;
    model.alpha_seconds = request.alpha_seconds;
    model.seconds_per_byte = request.seconds_per_byte;
    model.sizes = request.sizes;
    model.nccl = request.nccl;
    for (const Topology& topology : request.topologies) {
        TopologyCosts row{topology, {}, {}, {}, {}};
        if (request.nccl)
            row.nccl = compute_nccl_row(*request.nccl, topology.rank_count(), request.sizes);
        for (const Competitor& competitor : request.competitors) {
            CompetitorCosts costs{competitor,
                                  {},
                                  {},
                                  "",
                                  "",
                                  false,
                                  request.collective == Collective::allreduce
                                      ? published_note(competitor, topology)
                                      : ""};
            add_formula(costs, topology, request.source, request.collective);
            row.competitors.push_back(std::move(costs));
        }
        model.rows.push_back(std::move(row));
    }
    if (request.source == CostSource::executed) {
        // One check per (topology, competitor), whatever the number of sizes m.
        const std::size_t per_row = request.competitors.size();
        const int total = static_cast<int>(model.rows.size() * per_row);
        std::vector<SizeOutcome> outcomes(static_cast<std::size_t>(total));
        parallel_for(total, request.jobs, [&](int index) {
            const std::size_t item = static_cast<std::size_t>(index);
            const TopologyCosts& row = model.rows[item / per_row];
            GeneratorRequest generator = request.competitors[item % per_row].request(row.topology);
            generator.collective = request.collective;
            if (request.prepare) request.prepare(generator);
            outcomes[item] = check_one_size(generator, request.execute_options);
        });
        for (std::size_t item = 0; item < outcomes.size(); ++item) {
            add_executed(model.rows[item / per_row].competitors[item % per_row], outcomes[item]);
            model.any_unknown = model.any_unknown || outcomes[item].status == SweepStatus::unknown;
        }
    }
    for (TopologyCosts& row : model.rows) choose_winners(row, model);
    return model;
}

}  // namespace trivcheck
