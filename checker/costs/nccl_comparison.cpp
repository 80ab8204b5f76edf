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
    std::vector<NcclComparisonBand> bands;
    for (const NcclBand& band : row.nccl->bands) {
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
            part.ratio_at_from = nccl_over_schedule(row, model, part.from, part.schedule);
            int end_schedule = -1;
            part.ratio_at_end = nccl_over_schedule(row, model, part.to - 1, end_schedule);
            bands.push_back(part);
        }
    }
    return bands;
}

}  // namespace trivcheck
