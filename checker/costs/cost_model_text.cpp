#include "checker/costs/cost_model_text.hpp"

#include <array>
#include <cstdio>

#include "checker/formats/units.hpp"

namespace trivcheck {

namespace {

template <class... Arguments>
std::string format(const char* pattern, Arguments... arguments) {
    char text[512];
    std::snprintf(text, sizeof text, pattern, arguments...);
    return text;
}

/// `text` padded to `width` columns, counting a UTF-8 character (Θ, ·) as one.
std::string pad(std::string text, std::size_t width) {
    std::size_t columns = 0;
    for (char c : text) columns += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    if (columns < width) text.append(width - columns, ' ');
    return text;
}

/// K, Θ (and Θ·D on a torus) in columns of the given widths; "-" when absent.
std::string figures_text(const std::optional<CostFigures>& figures, int dimensions,
                         const std::array<std::size_t, 3>& widths) {
    std::string text = pad(figures ? std::to_string(figures->steps) : "-", widths[0]) +
                       pad(figures ? format_theta(figures->theta) : "-", widths[1]);
    if (dimensions > 1)
        text += pad(figures ? format_theta(figures->theta * dimensions) : "-", widths[2]);
    return text;
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
    const std::array<std::size_t, 3> executed_widths{6, 9, 9};
    const std::array<std::size_t, 3> formula_widths{11, 11, 13};
    const char* theta_relative =
        "\xCE\x98\xC2\xB7"
        "D";
    std::string text = "  " + pad("schedule", 25) + pad("status", 18);
    if (source == CostSource::executed)
        text += pad("K", 6) + pad("\xCE\x98", 9) + (dimensions > 1 ? pad(theta_relative, 9) : "");
    text += pad("formula K", 11) + pad("formula \xCE\x98", 11) +
            (dimensions > 1 ? pad(std::string("formula ") + theta_relative, 13) : "") +
            "why not / note\n";
    for (const CompetitorCosts& costs : row.competitors) {
        text += "  " + pad(costs.competitor.label, 25) +
                pad(costs.status + (costs.competes ? "" : " *"), 18);
        if (source == CostSource::executed)
            text += figures_text(costs.executed, dimensions, executed_widths);
        text += figures_text(costs.formula, dimensions, formula_widths);
        std::string why = costs.competes ? "" : costs.reason;
        if (!costs.note.empty()) why += (why.empty() ? "" : "; ") + costs.note;
        while (!text.empty() && text.back() == ' ' && why.empty()) text.pop_back();
        text += why + "\n";
    }
    return text;
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

}  // namespace

std::string format_theta(double theta) { return format("%.4g", theta); }

std::string cost_model_to_text(const CostModel& model) {
    std::string text = "cost model T = K\xC2\xB7\xCE\xB1 + \xCE\x98\xC2\xB7m\xC2\xB7\xCE\xB2, ";
    text += model.source == CostSource::executed
                ? "K and \xCE\x98 of the checked schedule (only schedules that hold compete)"
                : "K and \xCE\x98 from the paper's formulas (ring table, Table 3)";
    text += "\n\xCE\xB1 = " + format_seconds(model.alpha_seconds) +
            ", \xCE\xB2 = " + format_seconds(model.seconds_per_byte) + "/B (link " +
            format_rate(1 / model.seconds_per_byte) + ")";
    if (!model.sizes.empty())
        text += ", m = " + format_bytes(model.sizes.front()) + " .. " +
                format_bytes(model.sizes.back()) + " (" + std::to_string(model.sizes.size()) +
                " sizes)";
    text += "\n";
    for (const TopologyCosts& row : model.rows) {
        text += "\n" + row.topology.describe() + " (" + std::to_string(row.topology.rank_count()) +
                " ranks)\n";
        text += competitor_table(row, model.source);
        text += winner_ranges(row, model);
    }
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
