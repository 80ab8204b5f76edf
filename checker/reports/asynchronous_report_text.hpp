#pragma once
#include <string>

#include "checker/core/report.hpp"

namespace trivcheck {

/// "gpu 0 tb 3 step 2 (rrcs) i[5]": a step of an MSCCL-IR program, and its chunk when it names one.
std::string describe_point(const ProgramPoint& point);

/// The lines an MSCCL-IR violation adds to its detail: its points, the
/// chains of copies of a double count, the limit of a runtime_limit.
std::string describe_program_points(const Violation& violation);

/// The human report of an MSCCL-IR program: header, traffic per gpu and per
/// gpu pair, critical path, FIFO depth, thread blocks, channels, violations.
std::string asynchronous_report_to_text(const Report& report);

}  // namespace trivcheck
