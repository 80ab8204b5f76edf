#include "checker/reports/torus_report.hpp"

#include <cstdio>
#include <numeric>

namespace trivcheck {

namespace {

std::int64_t summed(const std::vector<std::int64_t>& per_step) {
    return std::accumulate(per_step.begin(), per_step.end(), std::int64_t{0});
}

std::string direction_name(const TorusDirectionLoad& direction) {
    return "dim " + std::to_string(direction.dimension) + (direction.plus ? " +" : " -");
}

}  // namespace

std::string torus_figures_text(const Report& report,
                               const std::function<std::string(std::int64_t)>& bytes) {
    const TorusFigures& torus = *report.torus;
    char relative[32];
    std::snprintf(relative, sizeof relative, "%.6g", torus.theta_relative);
    std::string text = "theta relative to m*beta/D (D = " + std::to_string(torus.dimensions) +
                       "): " + relative + "\n";
    text +=
        "links per dimension and direction (most bytes on one link, summed over steps; "
        "most chunks on one link per step):\n";
    for (const TorusDirectionLoad& direction : torus.directions) {
        text += "  " + direction_name(direction) + "  " + bytes(summed(direction.blocks_max)) +
                "  chunks";
        for (std::size_t k = 0; k < direction.chunks_max.size(); ++k)
            text += (k == 0 ? " " : ",") + std::to_string(direction.chunks_max[k]);
        text += "\n";
    }
    return text;
}

nlohmann::ordered_json torus_figures_json(const Report& report,
                                          const std::function<double(std::int64_t)>& bytes) {
    const TorusFigures& torus = *report.torus;
    nlohmann::ordered_json json;
    json["dimensions"] = torus.dimensions;
    json["theta_relative"] = torus.theta_relative;
    json["links"] = nlohmann::ordered_json::array();
    for (const TorusDirectionLoad& direction : torus.directions) {
        nlohmann::ordered_json entry;
        entry["dimension"] = direction.dimension;
        entry["direction"] = direction.plus ? "+" : "-";
        entry["bytes_summed"] = bytes(summed(direction.blocks_max));
        entry["chunks_max"] = direction.chunks_max;
        nlohmann::ordered_json per_step = nlohmann::ordered_json::array();
        for (std::int64_t blocks : direction.blocks_max) per_step.push_back(bytes(blocks));
        entry["bytes_max"] = std::move(per_step);
        json["links"].push_back(std::move(entry));
    }
    return json;
}

}  // namespace trivcheck
