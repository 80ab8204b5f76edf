#include "checker/costs/cost_map_svg.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "checker/costs/nccl_comparison.hpp"
#include "checker/formats/units.hpp"
#include "checker/pictures/svg_document.hpp"

namespace trivcheck {

namespace {

constexpr double left = 80, top = 48, plot_width = 620, legend_width = 340, bottom = 56;

/// Where m sits across the plot: log scale from the first size to the last.
struct SizeAxis {
    double low, high;
    double x(double bytes) const {
        if (high <= low) return left + plot_width / 2;
        return left + plot_width * std::log(bytes / low) / std::log(high / low);
    }
};

/// The cell of size i spans halfway (on the log scale) to its neighbours.
std::pair<double, double> cell_span(const std::vector<double>& sizes, std::size_t i,
                                    const SizeAxis& axis) {
    if (sizes.size() == 1) return {left, left + plot_width};
    auto mid = [&](std::size_t a, std::size_t b) { return std::sqrt(sizes[a] * sizes[b]); };
    const double from = i == 0 ? left : axis.x(mid(i - 1, i));
    const double to = i + 1 == sizes.size() ? left + plot_width : axis.x(mid(i, i + 1));
    return {from, to};
}

/// The fill of NCCL's pick, by candidate index (Tree blues, Ring oranges, PAT purple).
const char* nccl_colour(int candidate) {
    static const char* const colours[9] = {"#08519c", "#3182bd", "#9ecae1", "#a63603", "#e6550d",
                                           "#fdae6b", "#54278f", "#756bb1", "#bcbddc"};
    return colours[candidate];
}

/// NCCL's bands across [y, y + height) and, where schedules compete, a dark
/// bar under them over the sizes where the fastest checked one beats NCCL's pick.
void draw_nccl_strip(SvgDocument& svg, const TopologyCosts& row, const CostModel& model,
                     const SizeAxis& axis, double y, double height, std::vector<int>& shown) {
    for (const NcclBand& band : row.nccl->bands) {
        const auto from_bytes = static_cast<double>(band.from),
                   to_bytes = static_cast<double>(band.to);
        const double from = from_bytes <= model.sizes.front() ? left : axis.x(from_bytes);
        const double to = to_bytes > model.sizes.back() ? left + plot_width : axis.x(to_bytes);
        svg.comment(row.topology.describe() + ": NCCL picks " +
                    nccl_candidate_label(row.nccl->tuning.candidates[band.candidate]) + " on " +
                    std::to_string(band.channels) + " channels from " +
                    format_bytes(static_cast<double>(band.from)));
        svg.rect(from, y, to - from, height, nccl_colour(band.candidate));
        if (std::find(shown.begin(), shown.end(), band.candidate) == shown.end())
            shown.push_back(band.candidate);
    }
    if (row.competitors.empty()) return;
    for (std::size_t i = 0; i < model.sizes.size(); ++i) {
        int schedule = -1;
        if (nccl_over_schedule(row, model, nccl_bytes(model.sizes[i]), schedule) <= 1) continue;
        const auto [from, to] = cell_span(model.sizes, i, axis);
        svg.rect(from, y + height - 3, to - from, 3, "#000000");
    }
}

std::string legend_label(const Competitor& competitor) {
    return competitor.published_latency_flawed()
               ? competitor.label + " (published: incorrect unless n = " +
                     std::to_string(algorithm_named(competitor.algo)->radix) + "^s)"
               : competitor.label;
}

void draw_size_ticks(SvgDocument& svg, const CostModel& model, const SizeAxis& axis,
                     double plot_bottom) {
    // Powers of two, every `stride` doublings so that at most eight are labelled.
    const int first = static_cast<int>(std::ceil(std::log2(axis.low) - 1e-9));
    const int last = static_cast<int>(std::floor(std::log2(axis.high) + 1e-9));
    const int stride = std::max(1, (last - first + 7) / 8);
    for (int power = first; power <= last; power += stride) {
        const double x = axis.x(std::ldexp(1.0, power));
        svg.path("M" + svg_number(x) + " " + svg_number(plot_bottom) + " v5", "#444", 1);
        svg.text(x, plot_bottom + 17, format_bytes(std::ldexp(1.0, power)), 11);
    }
    svg.text(left + plot_width / 2, plot_bottom + 38, "message size m (log scale)", 12);
    (void)model;
}

}  // namespace

std::string competitor_colour(const Competitor& competitor) {
    if (competitor.last_step == "fold") return "#67001f";
    if (competitor.last_step == "synthesized") return "#e7298a";
    const AlgorithmInfo* info = algorithm_named(competitor.algo);
    if (!info) return "#999999";
    return info->colours[competitor.form == Form::L ? 0 : 1];
}

std::string cost_map_svg(const CostModel& model) {
    const std::size_t rows = model.rows.size();
    // Whole pixels per row, so that adjacent rows meet without a seam.
    const double row_height = std::clamp(
        std::floor(560.0 / static_cast<double>(std::max<std::size_t>(rows, 1))), 4.0, 28.0);
    const double plot_bottom = top + row_height * static_cast<double>(rows);
    const double height =
        std::max(plot_bottom + bottom, top + 40.0 + 18.0 * (model.nccl ? 22 : 12));
    SvgDocument svg(left + plot_width + legend_width, height);
    const bool schedules = rows > 0 && !model.rows.front().competitors.empty();
    svg.text(
        left, 20,
        !schedules
            ? "NCCL's pick (NVIDIA/nccl 2.30.7's model, docs/cost-model.md)"
            : std::string(model.nccl ? "NCCL's pick (upper strip) over the fastest all-reduce, "
                                     : "Fastest all-reduce, ") +
                  "K and \xCE\x98 " +
                  std::string(model.source == CostSource::executed ? "of the checked schedules"
                                                                   : "from the paper's formulas") +
                  ": \xCE\xB1 = " + format_seconds(model.alpha_seconds) + ", link " +
                  format_rate(1 / model.seconds_per_byte),
        14, "start");
    if (model.sizes.empty()) return svg.finish();
    const SizeAxis axis{model.sizes.front(), model.sizes.back()};
    std::vector<int> winners_shown;  // indices into all competitors of row 0 (same list every row)
    std::vector<int> nccl_shown;     // NCCL candidates picked somewhere
    // A label every 1, 2, 4, 8, ... rows: at most 25 (ring:8, 16, 24, ... on rings 8..128).
    std::size_t label_stride = 1;
    while (rows > 25 * label_stride) label_stride *= 2;
    for (std::size_t r = 0; r < rows; ++r) {
        const TopologyCosts& row = model.rows[r];
        const double y = plot_bottom - row_height * static_cast<double>(r + 1);
        const double nccl_height = !row.nccl   ? 0
                                   : schedules ? std::round(row_height * 0.4)
                                               : row_height;
        if (row.nccl) draw_nccl_strip(svg, row, model, axis, y, nccl_height, nccl_shown);
        // One rectangle per run of cells with the same winner.
        std::size_t run = 0;
        for (std::size_t i = 1; schedules && i <= model.sizes.size(); ++i) {
            if (i < model.sizes.size() && row.winners[i] == row.winners[run]) continue;
            const int winner = row.winners[run];
            const double from = cell_span(model.sizes, run, axis).first;
            const double to = cell_span(model.sizes, i - 1, axis).second;
            const std::string fill =
                winner < 0 ? "#ffffff" : competitor_colour(row.competitors[winner].competitor);
            if (winner >= 0 && std::find(winners_shown.begin(), winners_shown.end(), winner) ==
                                   winners_shown.end())
                winners_shown.push_back(winner);
            svg.rect(from, y + nccl_height, to - from, row_height - nccl_height, fill);
            run = i;
        }
        for (const Crossover& crossover : row.crossovers) {
            svg.comment(row.topology.describe() + ": " +
                        row.competitors[crossover.from].competitor.label + " -> " +
                        row.competitors[crossover.to].competitor.label + " at " +
                        format_bytes(crossover.bytes));
            svg.path("M" + svg_number(axis.x(crossover.bytes)) + " " + svg_number(y + nccl_height) +
                         " v" + svg_number(row_height - nccl_height),
                     "#000", 1.2);
        }
        if (r % label_stride == 0 || r + 1 == rows)
            svg.text(left - 6, y + row_height / 2 + 4, row.topology.describe(), 11, "end");
    }
    svg.rect(left, top, plot_width, plot_bottom - top, "none", "#444", 1);
    draw_size_ticks(svg, model, axis, plot_bottom);
    // Legend: every schedule that wins somewhere, in catalogue order.
    std::sort(winners_shown.begin(), winners_shown.end());
    double y = top;
    const double x = left + plot_width + 16;
    if (model.nccl) {
        std::sort(nccl_shown.begin(), nccl_shown.end());
        svg.text(x, y + 10, "NCCL's pick", 12, "start");
        for (int candidate : nccl_shown) {
            y += 18;
            svg.rect(x, y, 14, 12, nccl_colour(candidate), "#444", 0.5);
            svg.text(x + 20, y + 10,
                     nccl_candidate_label(model.rows.front().nccl->tuning.candidates[candidate]),
                     11, "start");
        }
        if (!schedules) return svg.finish();
        y += 18;
        svg.rect(x, y + 4, 14, 3, "#000000");
        svg.text(x + 20, y + 10, "a checked schedule beats NCCL's pick", 11, "start");
        y += 26;
    }
    svg.text(x, y + 10, "winner (L solid, B light)", 12, "start");
    for (int index : winners_shown) {
        y += 18;
        const Competitor& competitor = model.rows.front().competitors[index].competitor;
        svg.rect(x, y, 14, 12, competitor_colour(competitor), "#444", 0.5);
        svg.text(x + 20, y + 10, legend_label(competitor), 11, "start");
    }
    y += 26;
    svg.path("M" + svg_number(x + 7) + " " + svg_number(y - 4) + " v14", "#000", 1.2);
    svg.text(x + 20, y + 7, "crossover (exact m)", 11, "start");
    y += 18;
    svg.rect(x, y, 14, 12, "#ffffff", "#444", 0.5);
    svg.text(x + 20, y + 10, "no schedule competes", 11, "start");
    return svg.finish();
}

}  // namespace trivcheck
