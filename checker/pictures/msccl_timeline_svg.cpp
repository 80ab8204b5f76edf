#include "checker/pictures/msccl_timeline_svg.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "checker/pictures/svg_document.hpp"

namespace trivcheck {

namespace {

constexpr double kLeft = 150;
constexpr double kTop = 30;
constexpr double kLane = 26;
constexpr double kStepWidth = 34;

}  // namespace

std::string msccl_timeline_svg(const msccl::Program& program, const Violation* highlight) {
    // Lane of each (gpu id, tb id).
    std::map<std::pair<int, int>, int> lane;
    std::size_t longest = 1;
    for (const msccl::Gpu& gpu : program.gpus)
        for (const msccl::ThreadBlock& block : gpu.thread_blocks) {
            const int index = static_cast<int>(lane.size());
            lane[{gpu.id, block.id}] = index;
            longest = std::max(longest, block.steps.size());
        }
    std::set<std::tuple<int, int, int>> marked;
    if (highlight)
        for (const ProgramPoint& point : highlight->points)
            marked.insert({point.gpu, point.thread_block, point.step});
    const double width = kLeft + kStepWidth * static_cast<double>(longest) + 20;
    const double height = kTop + kLane * static_cast<double>(lane.size()) + 30;
    SvgDocument svg(width, height);
    svg.arrow_marker("message", "#3465a4");
    svg.arrow_marker("wait", "#888888");
    svg.text(10, 18,
             program.name + (highlight ? ": " + std::string(to_string(highlight->kind))
                                       : std::string(": timeline")),
             13, "start");
    auto x_of = [](int step) { return kLeft + kStepWidth * step + kStepWidth / 2; };
    auto y_of = [&](int gpu, int block) {
        return kTop + kLane * lane.at({gpu, block}) + kLane / 2;
    };
    // Messages: the k-th send of (gpu, peer, channel) to the k-th receive of (peer, gpu, channel).
    std::map<std::tuple<int, int, int>, std::vector<std::pair<int, int>>> sends;
    std::map<std::tuple<int, int, int>, std::vector<std::pair<int, int>>> receives;
    for (const msccl::Gpu& gpu : program.gpus)
        for (const msccl::ThreadBlock& block : gpu.thread_blocks) {
            const double y = y_of(gpu.id, block.id);
            svg.text(
                kLeft - 8, y + 4,
                "gpu " + std::to_string(gpu.id) + " tb " + std::to_string(block.id) +
                    (block.send_peer >= 0 ? " ->" + std::to_string(block.send_peer) : "") +
                    (block.receive_peer >= 0 ? " <-" + std::to_string(block.receive_peer) : ""),
                10, "end");
            for (const msccl::Step& step : block.steps) {
                const bool red = marked.count({gpu.id, block.id, step.index}) > 0;
                svg.rect(x_of(step.index) - kStepWidth / 2 + 2, y - kLane / 2 + 3, kStepWidth - 4,
                         kLane - 6, red ? "#f4b6b6" : "#eeeeec", red ? "#cc0000" : "#888a85",
                         red ? 2 : 1);
                svg.text(x_of(step.index), y + 4, msccl::spelling(step.type), 9);
                const bool sends_message = step.type == msccl::StepType::send ||
                                           step.type == msccl::StepType::receive_copy_send ||
                                           step.type == msccl::StepType::receive_reduce_send ||
                                           step.type == msccl::StepType::receive_reduce_copy_send;
                const bool receives_message =
                    step.type == msccl::StepType::receive ||
                    step.type == msccl::StepType::receive_copy_send ||
                    step.type == msccl::StepType::receive_reduce_send ||
                    step.type == msccl::StepType::receive_reduce_copy ||
                    step.type == msccl::StepType::receive_reduce_copy_send;
                if (sends_message)
                    sends[{gpu.id, block.send_peer, block.channel}].push_back(
                        {block.id, step.index});
                if (receives_message)
                    receives[{block.receive_peer, gpu.id, block.channel}].push_back(
                        {block.id, step.index});
                if (step.depends_on_block >= 0 && lane.count({gpu.id, step.depends_on_block}) > 0)
                    svg.path(
                        "M" + svg_number(x_of(step.depends_on_step)) + "," +
                            svg_number(y_of(gpu.id, step.depends_on_block)) + " L" +
                            svg_number(x_of(step.index) - kStepWidth / 2 + 2) + "," + svg_number(y),
                        "#888888", 1, R"svg(stroke-dasharray="3,2" marker-end="url(#wait)")svg");
            }
        }
    for (const auto& [connection, sent] : sends) {
        const auto found = receives.find(connection);
        if (found == receives.end()) continue;
        const int src = std::get<0>(connection);
        const int dst = std::get<1>(connection);
        for (std::size_t k = 0; k < sent.size() && k < found->second.size(); ++k)
            svg.path("M" + svg_number(x_of(sent[k].second)) + "," +
                         svg_number(y_of(src, sent[k].first)) + " L" +
                         svg_number(x_of(found->second[k].second)) + "," +
                         svg_number(y_of(dst, found->second[k].first)),
                     "#3465a4", 1.2, R"svg(marker-end="url(#message)")svg");
    }
    return svg.finish();
}

}  // namespace trivcheck
