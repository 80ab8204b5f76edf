#pragma once
#include <optional>
#include <string>

#include "checker/report.hpp"

namespace trivcheck {

/// "2 -(step 0)-> 3 -(step 1)-> 0"; an empty path is the rank's own contribution.
std::string describe_path(const Path& path, int contributor);

/// The human report: header, per-step table, totals, checks, violations.
std::string report_to_text(const Report& report,
                           std::optional<double> message_bytes = std::nullopt);

}  // namespace trivcheck
