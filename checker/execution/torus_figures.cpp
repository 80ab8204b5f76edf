#include "checker/execution/torus_figures.hpp"

#include <algorithm>
#include <limits>

#include "checker/execution/link_loads.hpp"

namespace trivcheck {

TorusCoverageObserver::TorusCoverageObserver(const Schedule& schedule)
    : one_block_per_collective_(schedule.topology.kind == TopologyKind::torus &&
                                schedule.blocks ==
                                    static_cast<int>(schedule.topology.dims.size())) {}

void TorusCoverageObserver::after_step(int /*step*/, const ExecutionState& state) {
    if (!one_block_per_collective_) return;
    std::int64_t low = std::numeric_limits<std::int64_t>::max();
    std::int64_t high = 0;
    for (int stored = 0; stored < state.stored_ranks(); ++stored)
        for (int b = 0; b < state.blocks(); ++b) {
            const int r = state.stored_rank(stored);
            std::int64_t count = state.contributor_count(r, b);
            if (state.buffers() > 1) {
                // Buffers may overlap: what a rank holds is their union.
                count = 0;
                for (int c = 0; c < state.ranks(); ++c) {
                    bool held = false;
                    for (int buffer = 0; buffer < state.buffers() && !held; ++buffer)
                        held = state.holds_contributor(r, buffer, b, c);
                    count += held ? 1 : 0;
                }
            }
            low = std::min(low, count);
            high = std::max(high, count);
        }
    coverage_.emplace_back(low, high);
}

void add_torus_figures(const Schedule& schedule, const TorusCoverageObserver& coverage,
                       Report& report, const RotationOrbit* orbit) {
    if (schedule.topology.kind != TopologyKind::torus) return;
    const auto dimensions = static_cast<int>(schedule.topology.dims.size());
    TorusFigures figures;
    figures.dimensions = dimensions;
    figures.theta_relative = report.theta * dimensions;
    for (int d = 0; d < dimensions; ++d)
        for (bool plus : {true, false}) figures.directions.push_back({d, plus, {}, {}});

    LinkLoads loads(schedule.topology);
    loads.keep_per_link(true);
    if (orbit && !orbit->symmetry_steps.empty()) loads.symmetries_only(orbit_translations(*orbit));
    for (const Step& step : schedule.steps) {
        for (const Transfer& transfer : step.transfers) {
            const auto blocks = static_cast<std::int64_t>(transfer.blocks.size());
            if (orbit)
                loads.add_all_translations(transfer.src, transfer.dst, transfer.route, blocks);
            else
                loads.add(transfer.src, transfer.dst, transfer.route, blocks);
        }
        loads.finish_step();
        for (TorusDirectionLoad& direction : figures.directions) {
            direction.chunks_max.push_back(0);
            direction.blocks_max.push_back(0);
        }
        // Link ids are rank * 2D + 2 * dimension + (0 for +, 1 for -).
        const std::vector<std::int64_t>& chunks = loads.last_step_chunks();
        const std::vector<std::int64_t>& blocks = loads.last_step_blocks();
        for (std::size_t link = 0; link < chunks.size(); ++link) {
            TorusDirectionLoad& direction =
                figures.directions[link % (2 * static_cast<std::size_t>(dimensions))];
            direction.chunks_max.back() = std::max(direction.chunks_max.back(), chunks[link]);
            direction.blocks_max.back() = std::max(direction.blocks_max.back(), blocks[link]);
        }
    }
    report.torus = std::move(figures);

    const auto& seen = coverage.coverage();
    for (std::size_t k = 0; k < seen.size() && k < report.per_step.size(); ++k) {
        report.per_step[k].coverage_min = seen[k].first;
        report.per_step[k].coverage_max = seen[k].second;
    }
}

}  // namespace trivcheck
