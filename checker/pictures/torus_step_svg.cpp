#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "checker/pictures/drawn_step.hpp"
#include "checker/pictures/svg_document.hpp"
#include "checker/pictures/torus_grid.hpp"
#include "checker/pictures/torus_svg.hpp"
#include "checker/reports/report_text.hpp"
#include "models/ring_arithmetic.hpp"

namespace trivcheck {

namespace {

using GridPoint = TorusGrid::Point;

const std::string busiest_colour = "#7b2cbf";

std::string line(GridPoint a, GridPoint b) {
    return "M " + svg_number(a.x) + " " + svg_number(a.y) + " L " + svg_number(b.x) + " " +
           svg_number(b.y);
}

/// Draws the ranks, links and messages of one step on a TorusGrid.
class TorusStepPicture {
  public:
    TorusStepPicture(SvgDocument& svg, const TorusGrid& grid)
        : svg_(svg),
          grid_(grid),
          radius_(std::clamp(grid.spacing() * 0.22, 5.0, 14.0)),
          link_width_(std::clamp(grid.spacing() * 0.08, 2.0, 5.0)) {}

    double rank_radius() const { return radius_; }

    /// The bar (or, round the wrap-around, the two stubs) of a directed link
    /// (docs/model.md: link rank * 2D + 2d + (0 for +, 1 for -)).
    std::vector<std::string> link_segments(int link) const {
        const int rank = link / 4;
        const int dimension = (link / 2) % 2;
        const int sign = link % 2 == 0 ? 1 : -1;
        const int extent = dimension == 0 ? grid_.columns() : grid_.rows();
        const int coordinate = dimension == 0 ? grid_.column(rank) : grid_.row(rank);
        const GridPoint along{dimension == 0 ? 1.0 : 0.0, dimension == 0 ? 0.0 : 1.0};
        // The + bar of a gap on one side of it, the - bar on the other.
        const double offset = (sign > 0 ? -1 : 1) * (link_width_ + 1);
        const GridPoint beside{-along.y * offset, along.x * offset};
        auto from = [&](GridPoint centre, double distance) {
            return GridPoint{centre.x + sign * along.x * distance + beside.x,
                             centre.y + sign * along.y * distance + beside.y};
        };
        const GridPoint start = grid_.at(rank);
        const double gap = radius_ + 2;
        const int next = coordinate + sign;
        if (next >= 0 && next < extent)
            return {line(from(start, gap), from(start, grid_.spacing() - gap))};
        const int neighbour =
            rank + (wrap(next, extent) - coordinate) * (dimension == 0 ? 1 : grid_.columns());
        const GridPoint end = grid_.at(neighbour);
        const double stub = grid_.spacing() * 0.5;
        return {line(from(start, gap), from(start, stub)), line(from(end, -stub), from(end, -gap))};
    }

    /// A message as a curve from sender to receiver, bowed to the left of its
    /// travel so u -> v and v -> u stay apart. One whose route takes the
    /// wrap-around link is dashed: it leaves its row (column) past one edge and
    /// comes back in past the other.
    void message(const Transfer& transfer, const std::string& colour, double width,
                 const std::string& marker) {
        const std::string style = "stroke-opacity=\"0.75\" marker-end=\"url(#" + marker + ")\"";
        const GridPoint a = grid_.at(transfer.src);
        const GridPoint b = grid_.at(transfer.dst);
        if (const int dimension = wrapping_dimension(transfer); dimension >= 0) {
            // Straight, beside the row (column), out past one edge and in past the other.
            const bool across_columns = dimension == 0;
            const int sign = (across_columns ? b.x < a.x : b.y < a.y) ? 1 : -1;
            const double beside = sign * grid_.spacing() * 0.14;
            const double out = grid_.spacing() * 0.45;
            auto shifted = [&](GridPoint p, double along) {
                return across_columns ? GridPoint{p.x + along, p.y + beside}
                                      : GridPoint{p.x - beside, p.y + along};
            };
            const double leave = across_columns ? (sign > 0 ? grid_.right() : grid_.left())
                                                : (sign > 0 ? grid_.bottom() : grid_.top());
            const double enter = across_columns ? (sign > 0 ? grid_.left() : grid_.right())
                                                : (sign > 0 ? grid_.top() : grid_.bottom());
            const double from = across_columns ? a.x : a.y;
            const double to = across_columns ? b.x : b.y;
            const GridPoint start = shifted(a, sign * radius_);
            const GridPoint exit = shifted(a, leave + sign * out - from);
            const GridPoint entry = shifted(b, enter - sign * out - to);
            const GridPoint end = shifted(b, -sign * (radius_ + 2));
            svg_.path(line(start, exit) + " " + line(entry, end), colour, width,
                      style + " stroke-dasharray=\"5 3\"");
            return;
        }
        const double length = std::hypot(b.x - a.x, b.y - a.y);
        const GridPoint across{-(b.y - a.y) / length, (b.x - a.x) / length};
        const double side = 0.18 * length;
        const GridPoint control{(a.x + b.x) / 2 + across.x * side,
                                (a.y + b.y) / 2 + across.y * side};
        auto towards = [&](GridPoint from, double by) {
            const double dx = control.x - from.x;
            const double dy = control.y - from.y;
            const double d = std::hypot(dx, dy);
            return GridPoint{from.x + dx / d * by, from.y + dy / d * by};
        };
        const GridPoint start = towards(a, radius_);
        const GridPoint end = towards(b, radius_ + 2);
        svg_.path("M " + svg_number(start.x) + " " + svg_number(start.y) + " Q " +
                      svg_number(control.x) + " " + svg_number(control.y) + " " +
                      svg_number(end.x) + " " + svg_number(end.y),
                  colour, width, style);
    }

  private:
    /// The dimension in which the message's route (dimension-ordered, each
    /// dimension the way its route says, the shorter way for `shortest`, ties
    /// +) crosses an edge, when the message moves in that dimension only; -1
    /// otherwise (a message moving in both is drawn as a curve).
    int wrapping_dimension(const Transfer& transfer) const {
        const bool moves_x = grid_.column(transfer.src) != grid_.column(transfer.dst);
        const bool moves_y = grid_.row(transfer.src) != grid_.row(transfer.dst);
        if (moves_x == moves_y) return -1;
        const int dimension = moves_x ? 0 : 1;
        const int extent = moves_x ? grid_.columns() : grid_.rows();
        const int from = moves_x ? grid_.column(transfer.src) : grid_.row(transfer.src);
        const int to = moves_x ? grid_.column(transfer.dst) : grid_.row(transfer.dst);
        const int forward = wrap(to - from, extent);
        const bool plus = transfer.route == Route::plus ||
                          (transfer.route == Route::shortest && forward <= extent - forward);
        return plus != (to > from) ? dimension : -1;
    }

    SvgDocument& svg_;
    const TorusGrid& grid_;
    double radius_;
    double link_width_;
};

}  // namespace

std::string torus_step_svg(const Schedule& schedule, int step, const Violation* highlight) {
    const TorusGrid grid(schedule.topology, 80, 80);
    DrawnStep picked = drawn_step(schedule, step);
    const Step& drawn = *picked.step;
    LinkLoads& loads = picked.loads;
    const StepLinkLoad load = picked.load;
    const std::string& heading = picked.heading;
    const std::string chunks =
        std::to_string(load.chunks_max) + (load.chunks_max == 1 ? " chunk" : " chunks");
    const auto& carried = loads.last_step_chunks();
    const auto busiest_count = std::count(carried.begin(), carried.end(), load.chunks_max);
    const std::string others =
        busiest_count > 1 ? " (the first of " + std::to_string(busiest_count) + " that do)" : "";
    std::vector<std::string> caption{
        heading + (load.busiest_link >= 0 ? "; busiest link " + loads.link_name(load.busiest_link) +
                                                " carries " + chunks + others
                                          : ""),
        "bars: the directed links, + above or left of a gap, - below or right; the wrap-around "
        "links as stubs at both edges",
        "bar colour: chunks on the link in this step, grey 0 to red " + chunks +
            "; purple outline: the busiest link",
        "arrows: blue a reduction, green a copy, dashed round the wrap-around link" +
            std::string(highlight ? "; red: the violation" : "")};
    if (highlight)
        for (const std::string& words : text_lines(describe_violation(*highlight, false)))
            caption.push_back(words);

    const double caption_top = grid.bottom() + 80;
    // Wide enough for the grid and for the longest caption line (13 px text,
    // about 6.4 px a character).
    std::size_t longest = 0;
    for (const std::string& text : caption) longest = std::max(longest, text.size());
    SvgDocument svg(std::max({grid.right() + 80, 760.0, 40 + 6.4 * static_cast<double>(longest)}),
                    caption_top + 18.0 * static_cast<double>(caption.size()) + 10);
    svg.arrow_marker("reduce", reduce_colour);
    svg.arrow_marker("copy", copy_colour);
    svg.arrow_marker("violation", violation_colour);
    TorusStepPicture picture(svg, grid);

    const double link_width = std::clamp(grid.spacing() * 0.08, 2.0, 5.0);
    for (int link = 0; link < loads.link_count(); ++link) {
        const double fraction = load.chunks_max == 0
                                    ? 0
                                    : static_cast<double>(carried[static_cast<std::size_t>(link)]) /
                                          static_cast<double>(load.chunks_max);
        for (const std::string& segment : picture.link_segments(link))
            svg.path(segment, load_colour(fraction), link_width);
    }
    if (load.busiest_link >= 0 && load.chunks_max > 0) {
        svg.comment("busiest link " + loads.link_name(load.busiest_link) + ": " + chunks);
        for (const std::string& segment : picture.link_segments(load.busiest_link))
            svg.path(segment, busiest_colour, link_width + 6, "stroke-opacity=\"0.6\"");
    }
    for (const Transfer& transfer : drawn.transfers) {
        const bool copy = transfer.op == Op::copy;
        picture.message(transfer, copy ? copy_colour : reduce_colour, 1.4,
                        copy ? "copy" : "reduce");
    }
    if (highlight) {
        std::vector<Hop> hops = highlight->transfers;
        for (const Path& path : highlight->paths) hops.insert(hops.end(), path.begin(), path.end());
        for (const Hop& hop : hops)
            if (hop.step == step)
                picture.message(drawn.transfers[static_cast<std::size_t>(hop.index)],
                                violation_colour, 2.6, "violation");
    }
    for (int rank = 0; rank < schedule.ranks; ++rank) {
        const GridPoint p = grid.at(rank);
        const bool marked = highlight && highlight->rank == rank;
        const double radius = picture.rank_radius();
        svg.circle(p.x, p.y, radius, "white", marked ? violation_colour : "#444", marked ? 3 : 1.2);
        svg.text(p.x, p.y + radius * 0.35, std::to_string(rank), std::max(6.0, radius * 0.9));
    }
    // Coordinates along the edges: x across the top, y down the left.
    for (int x = 0; x < grid.columns(); ++x)
        svg.text(grid.at(x, 0).x, 16, "x=" + std::to_string(x), 10, "middle", "#777");
    for (int y = 0; y < grid.rows(); ++y)
        svg.text(20, grid.at(0, y).y + 4, "y=" + std::to_string(y), 10, "middle", "#777");
    for (std::size_t i = 0; i < caption.size(); ++i)
        svg.text(20, caption_top + 18.0 * static_cast<double>(i), caption[i], 13, "start");
    return svg.finish();
}

}  // namespace trivcheck
