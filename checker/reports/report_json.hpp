#pragma once
#include <nlohmann/json.hpp>
#include <optional>

#include "checker/core/report.hpp"

namespace trivcheck {

/// The report as trivcheck.report/1 (docs/report-format.md). Bytes are in
/// units of m, or in bytes when `message_bytes` (m) is given.
nlohmann::ordered_json report_to_json(const Report& report,
                                      std::optional<double> message_bytes = std::nullopt);

}  // namespace trivcheck
