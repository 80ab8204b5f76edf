#include "checker/mscclpp/plan_timeline_svg.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "checker/mscclpp/mailbox.hpp"
#include "checker/pictures/svg_document.hpp"

namespace trivcheck::mscclpp {

namespace {

constexpr double lane_height = 30;
constexpr double box_width = 46;
constexpr double box_gap = 10;
constexpr double left = 120;
constexpr double top = 30;

struct Place {
    double x = 0;
    double y = 0;
};

Place box_place(int lane, int operation) {
    return {left + operation * (box_width + box_gap), top + lane * lane_height};
}

}  // namespace

std::string plan_timeline_svg(const Plan& plan, const Violation* highlight) {
    int lanes = 0;
    std::size_t widest = 0;
    for (const Gpu& gpu : plan.gpus)
        for (const ThreadBlock& block : gpu.thread_blocks) {
            ++lanes;
            widest = std::max(widest, block.operations.size());
        }
    SvgDocument svg(left + static_cast<double>(widest) * (box_width + box_gap) + 20,
                    top + lanes * lane_height + 20);
    svg.arrow_marker("signal", "#3b6fb6");
    svg.arrow_marker("relaxed", "#999999");
    svg.arrow_marker("semaphore", "#2e8b57");
    std::set<std::tuple<int, int, int>> marked;  // gpu, thread block id, operation
    if (highlight)
        for (const ProgramPoint& point : highlight->points)
            marked.insert({point.gpu, point.thread_block, point.step});
    // Signals and releases in lane order per mailbox or semaphore, then their waits.
    std::map<MailboxKey, std::vector<std::pair<Place, bool>>> signals;
    std::map<MailboxKey, std::vector<Place>> waits;
    std::map<std::pair<int, int>, std::vector<Place>> releases, acquires;
    int lane = 0;
    for (const Gpu& gpu : plan.gpus)
        for (const ThreadBlock& block : gpu.thread_blocks) {
            const Place start = box_place(lane, 0);
            svg.text(10, start.y + lane_height / 2 + 4,
                     "gpu " + std::to_string(gpu.id) + " tb " + std::to_string(block.id), 11,
                     "start");
            for (std::size_t index = 0; index < block.operations.size(); ++index) {
                const Operation& op = block.operations[index];
                const Place place = box_place(lane, static_cast<int>(index));
                const bool red = marked.contains({gpu.id, block.id, static_cast<int>(index)});
                svg.rect(place.x, place.y + 4, box_width, lane_height - 8,
                         red ? violation_colour : "#f2f2f2", "#666666", 1);
                svg.text(place.x + box_width / 2, place.y + lane_height / 2 + 4,
                         std::string(operation_name(op.kind)), 10, "middle",
                         red ? "#ffffff" : "#222222");
                const bool relaxed = op.kind == OperationKind::relaxed_signal &&
                                     op.channel_kind == ChannelKind::memory;
                if (op.kind == OperationKind::signal || op.kind == OperationKind::relaxed_signal ||
                    signals_after_put(op.kind, op.channel_kind))
                    for (const MailboxKey& key : operation_mailboxes(plan, gpu.id, op, true))
                        signals[key].push_back({place, relaxed});
                if (op.kind == OperationKind::wait || op.kind == OperationKind::relaxed_wait)
                    for (const MailboxKey& key : operation_mailboxes(plan, gpu.id, op, false))
                        waits[key].push_back(place);
                for (int semaphore : op.semaphores) {
                    if (op.kind == OperationKind::semaphore_release)
                        releases[{gpu.id, semaphore}].push_back(place);
                    if (op.kind == OperationKind::semaphore_acquire)
                        acquires[{gpu.id, semaphore}].push_back(place);
                }
            }
            ++lane;
        }
    auto arrow = [&](const Place& from, const Place& to, const std::string& colour,
                     const std::string& marker, bool dashed) {
        const std::string commands = "M" + svg_number(from.x + box_width) + " " +
                                     svg_number(from.y + lane_height / 2) + " L" +
                                     svg_number(to.x) + " " + svg_number(to.y + lane_height / 2);
        svg.path(
            commands, colour, 1.2,
            "marker-end=\"url(#" + marker + ")\"" + (dashed ? " stroke-dasharray=\"4 3\"" : ""));
    };
    for (const auto& [key, sent] : signals) {
        const std::vector<Place>& taken = waits[key];
        for (std::size_t k = 0; k < sent.size() && k < taken.size(); ++k)
            arrow(sent[k].first, taken[k], sent[k].second ? "#999999" : "#3b6fb6",
                  sent[k].second ? "relaxed" : "signal", sent[k].second);
    }
    for (const auto& [key, released] : releases) {
        const std::vector<Place>& taken = acquires[key];
        for (std::size_t k = 0; k < released.size() && k < taken.size(); ++k)
            arrow(released[k], taken[k], "#2e8b57", "semaphore", true);
    }
    if (highlight)
        svg.text(10, 16, std::string(to_string(highlight->kind)) + ": " + highlight->detail, 11,
                 "start", violation_colour);
    return svg.finish();
}

}  // namespace trivcheck::mscclpp
