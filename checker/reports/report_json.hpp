#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "checker/core/report.hpp"

namespace trivcheck {

/// The report as trivcheck.report/1 (docs/report-format.md). Bytes are in
/// units of m, or in bytes when `message_bytes` (m) is given.
nlohmann::ordered_json report_to_json(const Report& report,
                                      std::optional<double> message_bytes = std::nullopt);

/// The trivcheck.report/1 of a check that decided nothing (exit 4): the
/// input's name, verdict "unknown", its cause ("resource limit", "solver",
/// "internal error") and the reason in words; no figures.
nlohmann::ordered_json unknown_report_json(const std::string& name, const std::string& cause,
                                           const std::string& reason);

}  // namespace trivcheck
