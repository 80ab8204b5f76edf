#include "checker/pictures/ring_step_svg.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "checker/pictures/drawn_step.hpp"
#include "checker/pictures/svg_document.hpp"
#include "checker/reports/report_text.hpp"
#include "models/ring_arithmetic.hpp"

namespace trivcheck {

namespace {

constexpr double ring_picture_width = 720;
constexpr double centre_x = 360;
constexpr double centre_y = 330;
constexpr double radius = 250;
constexpr double track = 18;

struct Point {
    double x;
    double y;
};

class RingGeometry {
  public:
    explicit RingGeometry(int ranks) : ranks_(ranks) {}
    /// Rank 0 at the top, ranks increasing clockwise.
    double angle(double rank) const {
        return -std::numbers::pi / 2 + 2 * std::numbers::pi * rank / ranks_;
    }
    Point at(double rank, double distance) const {
        return {centre_x + distance * std::cos(angle(rank)),
                centre_y + distance * std::sin(angle(rank))};
    }
    double rank_radius() const {
        return std::clamp(0.35 * 2 * std::numbers::pi * radius / ranks_, 5.0, 15.0);
    }

  private:
    int ranks_;
};

std::string move_to(Point p) { return "M " + svg_number(p.x) + " " + svg_number(p.y); }

/// The + (clockwise) or - arc of link `from` -> its neighbour, on its track.
std::string link_arc(const RingGeometry& ring, int from, bool plus) {
    const double gap = 0.08;  // of a link's span, so neighbouring links stay apart
    const double start = from + (plus ? gap : -gap);
    const double end = from + (plus ? 1 - gap : -1 + gap);
    const double distance = plus ? radius + track : radius - track;
    const Point a = ring.at(start, distance);
    const Point b = ring.at(end, distance);
    return move_to(a) + " A " + svg_number(distance) + " " + svg_number(distance) + " 0 0 " +
           (plus ? "1 " : "0 ") + svg_number(b.x) + " " + svg_number(b.y);
}

/// +1 when the message goes the + way round, -1 the - way (docs/model.md, routing).
int direction(const Transfer& transfer, int ranks) {
    const int forward = wrap(transfer.dst - transfer.src, ranks);
    if (transfer.route == Route::plus) return 1;
    if (transfer.route == Route::minus) return -1;
    return forward <= ranks - forward ? 1 : -1;
}

/// A message as a curve bowed towards the centre. The side it bows to
/// depends on which way it travels and which way round it goes, so u -> v
/// and v -> u, and the two ways from u to v (n = 2), stay apart. Returns the
/// path and the curve's middle, for a label.
std::pair<std::string, Point> message_curve(const RingGeometry& ring, int src, int dst, int way) {
    const Point a = ring.at(src, radius);
    const Point b = ring.at(dst, radius);
    const double length = std::hypot(b.x - a.x, b.y - a.y);
    const Point middle{(a.x + b.x) / 2, (a.y + b.y) / 2};
    const Point across{-(b.y - a.y) / length, (b.x - a.x) / length};
    const double pull = 0.35;
    const double side = 0.15 * way * (src < dst ? 1 : -1);
    const Point control{middle.x + (centre_x - middle.x) * pull + across.x * side * length,
                        middle.y + (centre_y - middle.y) * pull + across.y * side * length};
    // Start and end on the rank circles, not at their centres.
    auto towards = [&](Point from, double by) {
        const double dx = control.x - from.x;
        const double dy = control.y - from.y;
        const double d = std::hypot(dx, dy);
        return Point{from.x + dx / d * by, from.y + dy / d * by};
    };
    const Point start = towards(a, ring.rank_radius());
    const Point end = towards(b, ring.rank_radius() + 2);
    const Point label{(start.x + 2 * control.x + end.x) / 4, (start.y + 2 * control.y + end.y) / 4};
    return {move_to(start) + " Q " + svg_number(control.x) + " " + svg_number(control.y) + " " +
                svg_number(end.x) + " " + svg_number(end.y),
            label};
}

/// Rank r's port into the switch (docs/nccl.md, switch:N): its way out
/// (`r->switch`) or in (`switch->r`), a spoke from the rank towards the
/// switch in the centre, out on the spoke's left and in on its right.
std::string port_spoke(const RingGeometry& ring, int rank, bool out) {
    const Point a = ring.at(rank, radius - ring.rank_radius() - 4);
    const Point b = ring.at(rank, 40);
    const double dx = b.x - a.x;
    const double dy = b.y - a.y;
    const double length = std::hypot(dx, dy);
    const double shift = out ? -4.0 : 4.0;
    const Point across{-dy / length * shift, dx / length * shift};
    return move_to({a.x + across.x, a.y + across.y}) + " L " + svg_number(b.x + across.x) + " " +
           svg_number(b.y + across.y);
}

/// A message through the switch: from the sender to the receiver by the centre.
std::string switch_curve(const RingGeometry& ring, int src, int dst) {
    const Point a = ring.at(src, radius - ring.rank_radius());
    const Point b = ring.at(dst, radius - ring.rank_radius() - 2);
    return move_to(a) + " Q " + svg_number(centre_x) + " " + svg_number(centre_y) + " " +
           svg_number(b.x) + " " + svg_number(b.y);
}

}  // namespace

std::string ring_step_svg(const Schedule& schedule, int step, const Violation* highlight) {
    const bool on_switch = schedule.topology.kind == TopologyKind::switch_;
    if (schedule.topology.kind != TopologyKind::ring && !on_switch)
        throw std::invalid_argument("ring pictures need a ring or switch topology, not " +
                                    schedule.topology.describe());
    const int n = schedule.ranks;
    DrawnStep picture = drawn_step(schedule, step);
    const Step& drawn = *picture.step;
    const RingGeometry ring(n);
    LinkLoads& loads = picture.loads;
    const StepLinkLoad load = picture.load;

    std::vector<std::string> caption;
    const std::string& heading = picture.heading;
    caption.push_back(heading + "; busiest link carries " + std::to_string(load.chunks_max) +
                      (load.chunks_max == 1 ? " chunk" : " chunks"));
    caption.push_back(std::string(on_switch ? "spokes: each rank's port, out (left) and in "
                                              "(right) of the switch in the centre"
                                            : "outer arcs: + links (i -> i+1), inner arcs: - "
                                              "links") +
                      "; colour: chunks on the link, grey 0 to red " +
                      std::to_string(load.chunks_max));
    caption.push_back("arrows: blue a reduction, green a copy" +
                      std::string(highlight ? "; red: the violation's transfers, by step" : ""));
    if (highlight)
        for (const std::string& line : text_lines(describe_violation(*highlight, false)))
            caption.push_back(line);

    const double caption_top = centre_y + radius + 60;
    SvgDocument svg(ring_picture_width,
                    caption_top + 18.0 * static_cast<double>(caption.size()) + 10);
    svg.arrow_marker("reduce", reduce_colour);
    svg.arrow_marker("copy", copy_colour);
    svg.arrow_marker("violation", violation_colour);

    const auto& chunks = loads.last_step_chunks();
    for (int link = 0; link < 2 * n; ++link) {
        const double fraction = load.chunks_max == 0
                                    ? 0
                                    : static_cast<double>(chunks[static_cast<std::size_t>(link)]) /
                                          static_cast<double>(load.chunks_max);
        // A switch's links: 0..n-1 the ports out, n..2n-1 the ports in (link_loads.cpp).
        svg.path(
            on_switch ? port_spoke(ring, link % n, link < n) : link_arc(ring, link % n, link < n),
            load_colour(fraction), on_switch ? 4 : 6);
    }
    if (on_switch) svg.circle(centre_x, centre_y, 36, "white", "#444", 1.2);
    for (const Transfer& transfer : drawn.transfers) {
        const bool copy = transfer.op == Op::copy;
        const auto curve = message_curve(ring, transfer.src, transfer.dst, direction(transfer, n));
        svg.path(on_switch ? switch_curve(ring, transfer.src, transfer.dst) : curve.first,
                 copy ? copy_colour : reduce_colour, 1.4,
                 std::string("stroke-opacity=\"0.7\" marker-end=\"url(#") +
                     (copy ? "copy" : "reduce") + ")\"");
    }
    if (highlight) {
        std::vector<Hop> hops = highlight->transfers;
        for (const Path& path : highlight->paths) hops.insert(hops.end(), path.begin(), path.end());
        for (const Hop& hop : hops) {
            const Transfer& transfer = schedule.steps[static_cast<std::size_t>(hop.step)]
                                           .transfers[static_cast<std::size_t>(hop.index)];
            const auto curve = message_curve(ring, hop.src, hop.dst, direction(transfer, n));
            svg.path(on_switch ? switch_curve(ring, hop.src, hop.dst) : curve.first,
                     violation_colour, 2.6,
                     std::string("marker-end=\"url(#violation)\"") +
                         (hop.step == step ? "" : " stroke-dasharray=\"6 4\""));
            svg.text(curve.second.x, curve.second.y - 3, "s" + std::to_string(hop.step), 11,
                     "middle", violation_colour);
        }
    }
    for (int r = 0; r < n; ++r) {
        const Point p = ring.at(r, radius);
        const bool marked = highlight && highlight->rank == r;
        svg.circle(p.x, p.y, ring.rank_radius(), "white", marked ? violation_colour : "#444",
                   marked ? 3 : 1.2);
        svg.text(p.x, p.y + ring.rank_radius() * 0.35, std::to_string(r),
                 std::max(7.0, ring.rank_radius()));
    }
    for (std::size_t i = 0; i < caption.size(); ++i)
        svg.text(20, caption_top + 18.0 * static_cast<double>(i), caption[i], 13, "start");
    return svg.finish();
}

}  // namespace trivcheck
