#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "checker/core/report.hpp"

namespace trivcheck {

/// One subject of a SARIF log: a checked file (or a generated schedule) and
/// what its check gave: a report, or a failure that left it undecided.
struct SarifSubject {
    /// The file as the user named it; empty for a generated schedule.
    std::string uri;
    /// A name for a subject without a file ("trivance B n=9").
    std::string logical_name;
    /// The file's text, to find the line of each location; may be empty.
    std::string text;
    /// An MSCCL-IR file: locations are XML element paths, not JSON paths.
    bool msccl = false;
    /// An MSCCL++ execution plan: locations are JSON paths of operations.
    bool mscclpp = false;
    std::optional<Report> report;
    /// No report: "input_error" (exit 3) or "unknown" (exit 4), and its message.
    std::string failure_kind;
    std::string failure_message;
    /// input_error: where in the file, a JSON path or a 1-based line (0: none).
    std::string failure_path;
    int failure_line = 0;
};

/// A SARIF 2.1.0 log of one run of trivcheck: one rule per violation kind
/// (with help text), one result per recorded violation, located by file,
/// line and JSON path of the transfer or step ("steps[3].transfers[7]"), or
/// the XML element path for MSCCL-IR ("/algo/gpu[@id=0]/tb[@id=1]/step[@s=2]");
/// the other copies of a double count, or the other steps of a race or a
/// deadlock, as related locations. Every file is an artifact of the run with
/// its verdict (`properties.verdict`: holds, violated, input_error, unknown),
/// so a file that holds is in the log too.
nlohmann::ordered_json sarif_log(const std::vector<SarifSubject>& subjects);

/// The JSON path a violation of a schedule file points at: its first transfer,
/// else its step, else the bound it names, else "steps".
std::string violation_json_path(const Violation& violation);

}  // namespace trivcheck
