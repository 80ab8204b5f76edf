#include "checker/costs/cost_model_text.hpp"

#include <cstdio>
#include <vector>

#include "checker/costs/nccl_model_text.hpp"
#include "checker/formats/text_table.hpp"
#include "checker/formats/units.hpp"

namespace trivcheck {

namespace {

template <class... Arguments>
std::string format(const char* pattern, Arguments... arguments) {
    char text[512];
    std::snprintf(text, sizeof text, pattern, arguments...);
    return text;
}

/// K, Θ (and Θ·D on a torus) as cells; "-" when absent.
void add_figures(std::vector<std::string>& cells, const std::optional<CostFigures>& figures,
                 int dimensions) {
    cells.push_back(figures ? std::to_string(figures->steps) : "-");
    cells.push_back(figures ? format_theta(figures->theta) : "-");
    if (dimensions > 1) cells.push_back(figures ? format_theta(figures->theta * dimensions) : "-");
}

/// "trivance-B (K 8, Θ 2.524)" under the model's source.
std::string named_figures(const TopologyCosts& row, int index, CostSource source) {
    const CompetitorCosts& costs = row.competitors[index];
    const CostFigures& figures = costs.used(source);
    return costs.competitor.label + " (K " + std::to_string(figures.steps) + ", \xCE\x98 " +
           format_theta(figures.theta) + ")";
}

std::string competitor_table(const TopologyCosts& row, CostSource source) {
    const int dimensions = static_cast<int>(row.topology.dims.size());
    std::vector<std::string> header{"schedule", "status"};
    for (const std::string prefix : {"", "formula "}) {
        if (prefix.empty() && source != CostSource::executed) continue;
        header.push_back(prefix + "K");
        header.push_back(prefix + "\xCE\x98");
        if (dimensions > 1)
            header.push_back(prefix +
                             "\xCE\x98\xC2\xB7"
                             "D");
    }
    header.push_back("why not / note");
    TextTable table(header);
    for (const CompetitorCosts& costs : row.competitors) {
        std::vector<std::string> cells{costs.competitor.label,
                                       costs.status + (costs.competes ? "" : " *")};
        if (source == CostSource::executed) add_figures(cells, costs.executed, dimensions);
        add_figures(cells, costs.formula, dimensions);
        std::string why = costs.competes ? "" : costs.reason;
        if (!costs.note.empty()) why += (why.empty() ? "" : "; ") + costs.note;
        cells.push_back(why);
        table.add_row(cells);
    }
    return table.render("  ");
}

std::string winner_ranges(const TopologyCosts& row, const CostModel& model) {
    if (model.sizes.empty()) return "";
    if (row.winners.front() < 0) return "  no schedule competes\n";
    std::string text = "  winners:\n";
    double from = model.sizes.front();
    int winner = row.winners.front();
    auto add = [&](double to) {
        text += format("    %10s .. %-10s  %s\n", format_bytes(from).c_str(),
                       format_bytes(to).c_str(), named_figures(row, winner, model.source).c_str());
    };
    for (const Crossover& crossover : row.crossovers) {
        add(crossover.bytes);
        from = crossover.bytes;
        winner = crossover.to;
    }
    add(model.sizes.back());
    text += row.crossovers.empty() ? "  crossovers: none in this range of m\n" : "  crossovers:\n";
    for (const Crossover& crossover : row.crossovers)
        text += "    at " + format_bytes(crossover.bytes) + ": " +
                named_figures(row, crossover.from, model.source) + " -> " +
                named_figures(row, crossover.to, model.source) + "\n";
    return text;
}

/// The α-β settings: the formula, the source, α, β and the sizes.
std::string schedule_settings_text(const CostModel& model) {
    std::string text = "cost model T = K\xC2\xB7\xCE\xB1 + \xCE\x98\xC2\xB7m\xC2\xB7\xCE\xB2, ";
    text += model.source == CostSource::executed
                ? "K and \xCE\x98 of the checked schedule (only schedules that hold compete)"
                : "K and \xCE\x98 from the paper's formulas (ring table, Table 3)";
    if (model.collective != Collective::allreduce)
        text += std::string("\ncollective: ") + to_string(model.collective) +
                " (m: the whole vector, NCCL's nBytes; schedules that do not build it do not "
                "compete)";
    text += "\n\xCE\xB1 = " + format_seconds(model.alpha_seconds) +
            ", \xCE\xB2 = " + format_seconds(model.seconds_per_byte) + "/B (link " +
            format_rate(1 / model.seconds_per_byte) + ")";
    if (!model.sizes.empty())
        text += ", m = " + format_bytes(model.sizes.front()) + " .. " +
                format_bytes(model.sizes.back()) + " (" + std::to_string(model.sizes.size()) +
                " sizes)";
    text += "\n";
    return text;
}

}  // namespace

std::string format_theta(double theta) { return format("%.4g", theta); }

std::string cost_model_to_text(const CostModel& model) {
    const bool schedules = !model.rows.empty() && !model.rows.front().competitors.empty();
    std::string text = model.nccl ? nccl_settings_text(*model.nccl) : "";
    if (schedules) text += schedule_settings_text(model);
    for (const TopologyCosts& row : model.rows) {
        text += "\n" + row.topology.describe() + " (" + std::to_string(row.topology.rank_count()) +
                " ranks)\n";
        if (schedules) {
            text += competitor_table(row, model.source);
            text += winner_ranges(row, model);
        }
        if (row.nccl) text += nccl_row_text(row, model);
    }
    if (!schedules) return text;
    text += "\n* does not compete. \xCE\x98 in units of m on the busiest links";
    text += model.rows.size() && model.rows.front().topology.dims.size() > 1
                ? "; \xCE\x98\xC2\xB7"
                  "D relative to the optimum m\xC2\xB7\xCE\xB2/D (Table 3)\n"
                : "\n";
    return text;
}

std::string cost_model_to_csv(const CostModel& model) {
    std::string text = "topology,ranks,m_bytes,winner,steps,theta,seconds\n";
    for (const TopologyCosts& row : model.rows) {
        for (std::size_t i = 0; i < model.sizes.size(); ++i) {
            const double bytes = model.sizes[i];
            const int winner = row.winners[i];
            text += row.topology.describe() + "," + std::to_string(row.topology.rank_count()) +
                    "," + format("%.10g", bytes) + ",";
            if (winner < 0) {
                text += ",,,\n";
                continue;
            }
            const CostFigures& figures = row.competitors[winner].used(model.source);
            text += row.competitors[winner].competitor.label + "," + std::to_string(figures.steps) +
                    "," + format("%.10g", figures.theta) + "," +
                    format("%.10g", row.seconds(winner, model.source, model.alpha_seconds,
                                                model.seconds_per_byte, bytes)) +
                    "\n";
        }
    }
    return text;
}

}  // namespace trivcheck
