#include "checker/costs/nccl_comparison.hpp"

#include <algorithm>
#include <cmath>

namespace trivcheck {

double nccl_over_schedule(const TopologyCosts& row, const CostModel& model, std::uint64_t bytes,
                          int& schedule) {
    const double size = static_cast<double>(bytes);
    schedule = fastest_at(cost_lines(row, model), size);
    if (schedule < 0) return 0;
    const float nccl_us = nccl_choose(row.nccl->tuning, bytes).time_us;
    return nccl_us * 1e-6 /
           row.seconds(schedule, model.source, model.alpha_seconds, model.seconds_per_byte, size);
}

std::vector<NcclComparisonBand> nccl_comparison(const TopologyCosts& row, const CostModel& model) {
    // NCCL's bands by pick alone: the channels do not change its estimate.
    std::vector<NcclBand> picks;
    for (const NcclBand& band : row.nccl->bands) {
        if (!picks.empty() && picks.back().candidate == band.candidate)
            picks.back().to = band.to;
        else
            picks.push_back(band);
    }
    std::vector<NcclComparisonBand> bands;
    for (const NcclBand& band : picks) {
        std::vector<std::uint64_t> edges{band.from};
        for (const Crossover& crossover : row.crossovers) {
            // The first whole byte at or after the crossing.
            const auto at = static_cast<std::uint64_t>(std::ceil(crossover.bytes));
            if (at > band.from && at < band.to) edges.push_back(at);
        }
        edges.push_back(band.to);
        std::sort(edges.begin(), edges.end());
        edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
        for (std::size_t e = 0; e + 1 < edges.size(); ++e) {
            NcclComparisonBand part{edges[e], edges[e + 1], band.candidate, -1, 0, 0};
            // Both times are lines between NCCL's line edges, so their ratio
            // is monotone there: its extremes are at the ends of those pieces.
            std::vector<std::uint64_t> ends{part.from, part.to - 1};
            for (std::uint64_t edge : nccl_line_edges(row.nccl->tuning, part.from, part.to - 1)) {
                ends.push_back(edge - 1);
                ends.push_back(edge);
            }
            for (std::uint64_t bytes : ends) {
                const double ratio = nccl_over_schedule(row, model, bytes, part.schedule);
                part.least_ratio = bytes == part.from ? ratio : std::min(part.least_ratio, ratio);
                part.largest_ratio =
                    bytes == part.from ? ratio : std::max(part.largest_ratio, ratio);
            }
            bands.push_back(part);
        }
    }
    return bands;
}

}  // namespace trivcheck
