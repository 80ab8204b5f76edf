#include "checker/pictures/drawn_step.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace trivcheck {

DrawnStep drawn_step(const Schedule& schedule, int step) {
    if (step < 0 || step >= static_cast<int>(schedule.steps.size()))
        throw std::invalid_argument("step " + std::to_string(step) + " is not in 0.." +
                                    std::to_string(schedule.steps.size() - 1));
    DrawnStep drawn{
        &schedule.steps[static_cast<std::size_t>(step)], LinkLoads(schedule.topology), {}, {}};
    drawn.loads.keep_per_link(true);
    std::vector<int> distances;
    for (const Transfer& transfer : drawn.step->transfers)
        distances.push_back(drawn.loads.add(transfer.src, transfer.dst, transfer.route,
                                            static_cast<std::int64_t>(transfer.blocks.size())));
    drawn.load = drawn.loads.finish_step();
    std::sort(distances.begin(), distances.end());
    distances.erase(std::unique(distances.begin(), distances.end()), distances.end());

    drawn.heading = schedule.name + ": step " + std::to_string(step) + " (" + drawn.step->phase +
                    "), " + std::to_string(drawn.step->transfers.size()) + " messages, distance";
    drawn.heading += distances.size() == 1 ? " " : "s ";
    for (std::size_t i = 0; i < distances.size(); ++i)
        drawn.heading += (i ? "," : "") + std::to_string(distances[i]);
    return drawn;
}

}  // namespace trivcheck
