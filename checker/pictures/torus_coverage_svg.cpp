#include <algorithm>
#include <stdexcept>

#include "checker/pictures/coverage_svg.hpp"
#include "checker/pictures/svg_document.hpp"
#include "checker/pictures/torus_grid.hpp"
#include "checker/pictures/torus_svg.hpp"

namespace trivcheck {

std::string torus_coverage_svg(const Schedule& schedule, int step, int block, int rank) {
    const TorusGrid probe(schedule.topology, 0, 0);  // the spacing, to leave room for the text
    const TorusGrid grid(schedule.topology, 20 + probe.spacing() / 2, 80 + probe.spacing() / 2);
    const int n = schedule.ranks;
    if (rank < 0 || rank >= n)
        throw std::invalid_argument("rank " + std::to_string(rank) + " is not in 0.." +
                                    std::to_string(n - 1));
    const std::vector<char> held = held_contributions(schedule, step, block);
    auto holds = [&](int holder, int contributor) {
        return held[static_cast<std::size_t>(holder) * static_cast<std::size_t>(n) +
                    static_cast<std::size_t>(contributor)] != 0;
    };
    std::int64_t fewest = n;
    std::int64_t most = 0;
    for (int r = 0; r < n; ++r) {
        std::int64_t count = 0;
        for (int c = 0; c < n; ++c) count += holds(r, c) ? 1 : 0;
        fewest = std::min(fewest, count);
        most = std::max(most, count);
    }
    int mine = 0;
    for (int c = 0; c < n; ++c) mine += holds(rank, c) ? 1 : 0;

    const double cell = grid.spacing();
    const double half = cell / 2;
    SvgDocument svg(std::max(grid.right() + half + 20, 700.0), grid.bottom() + half + 20);
    svg.text(20, 24,
             schedule.name + ": whose contribution to block " + std::to_string(block) + " rank " +
                 std::to_string(rank) + " holds after step " + std::to_string(step),
             14, "start");
    svg.text(20, 44,
             "a cell per contributor, at its place on the torus (x across, y down); filled: held; "
             "red outline: rank " +
                 std::to_string(rank),
             12, "start");
    svg.text(20, 62,
             "rank " + std::to_string(rank) + " holds " + std::to_string(mine) + " of " +
                 std::to_string(n) + "; every rank holds " + std::to_string(fewest) +
                 (fewest == most ? "" : ".." + std::to_string(most)),
             12, "start");
    for (int contributor = 0; contributor < n; ++contributor) {
        const TorusGrid::Point p = grid.at(contributor);
        svg.rect(p.x - half, p.y - half, cell, cell,
                 holds(rank, contributor) ? reduce_colour : "#f0f0f0", "white");
        if (cell >= 20)
            svg.text(p.x, p.y + 4, std::to_string(contributor), std::min(11.0, cell * 0.4),
                     "middle", holds(rank, contributor) ? "white" : "#888");
    }
    const TorusGrid::Point own = grid.at(rank);
    svg.rect(own.x - half, own.y - half, cell, cell, "none", violation_colour, 2.5);
    return svg.finish();
}

}  // namespace trivcheck
