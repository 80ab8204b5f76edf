#pragma once
#include <optional>
#include <string>

#include "checker/core/report.hpp"

namespace trivcheck {

/// "2 -(step 0)-> 3 -(step 1)-> 0"; an empty path is the rank's own contribution.
std::string describe_path(const Path& path, int contributor);

/// One violation in ranks-and-steps words, indented two spaces, with its
/// transfers, paths and (when `explained`) its explanation, one line each.
std::string describe_violation(const Violation& violation, bool explained = true);

/// describe_violation's first line, without indentation or newline:
/// "double_count at step 1: rank 0 reduces contribution 0 of block 0 3 times ...".
std::string violation_in_one_line(const Violation& violation);

/// The report's first line without its newline: "trivance-L-27: allreduce on
/// ring:27, 27 ranks, 1 block".
std::string report_identity(const Report& report);

/// The human report: header, per-step table, totals, checks, violations.
std::string report_to_text(const Report& report,
                           std::optional<double> message_bytes = std::nullopt);

}  // namespace trivcheck
