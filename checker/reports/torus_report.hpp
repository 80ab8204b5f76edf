#pragma once
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "checker/core/report.hpp"

namespace trivcheck {

/// The torus lines of the text report (report.torus must be set): Θ relative
/// to m·β/D, and per dimension and direction the most bytes on one link
/// summed over the steps, with the most chunks on one link in each step.
std::string torus_figures_text(const Report& report,
                               const std::function<std::string(std::int64_t)>& bytes);

/// The same as the report's "torus" JSON object; `bytes` turns blocks into the report's unit.
nlohmann::ordered_json torus_figures_json(const Report& report,
                                          const std::function<double(std::int64_t)>& bytes);

}  // namespace trivcheck
