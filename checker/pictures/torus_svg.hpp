#pragma once
#include <string>

#include "checker/core/report.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// One step of a schedule on a 2D torus a×b as an SVG picture: the ranks on
/// a grid (dimension 0 across, dimension 1 down, rank x + a·y at column x,
/// row y), every directed link as a short bar beside its neighbour gap,
/// coloured by the chunks it carries in the step (the wrap-around links as
/// stubs leaving one edge and entering the opposite one), every message of
/// the step as an arrow from sender to receiver (blue a reduction, green a
/// copy; dashed when its route goes round the wrap-around link), and the
/// busiest link outlined in purple and named in the caption. With
/// `highlight`, its rank is circled in red and its transfers drawn in red.
/// Throws std::invalid_argument for a topology other than a 2D torus or a
/// step out of range.
std::string torus_step_svg(const Schedule& schedule, int step, const Violation* highlight);

/// Whose contribution to `block` rank `rank` holds after step `step`, on the
/// torus grid: a filled cell per contributor it holds (L forms on 3^s × 3^s
/// show the product coverage: Trivance L on 9×9, block 0, holds a row of 3
/// after step 0, a 3×3 square after step 1, 9×3 after step 2), the rank itself
/// outlined; the caption gives the fewest and most any rank holds. Executes
/// the schedule. Throws std::invalid_argument for a topology other than a
/// 2D torus or a step, block or rank out of range.
std::string torus_coverage_svg(const Schedule& schedule, int step, int block, int rank);

}  // namespace trivcheck
