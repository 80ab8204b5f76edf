#pragma once
#include <string>

#include "checker/core/report.hpp"
#include "models/msccl_program.hpp"

namespace trivcheck {

/// An MSCCL-IR program as an SVG timeline: one lane per gpu and thread block
/// (top to bottom in file order), its steps left to right in program order
/// (a box labelled with the step type), an arrow from each send to the
/// receive that takes its message (the k-th send of a connection to its k-th
/// receive), a dashed line for each wait, and the steps named by
/// `highlight`'s points (both accesses of a race, the waits of a deadlock's
/// cycle) in red. Deterministic text.
std::string msccl_timeline_svg(const msccl::Program& program, const Violation* highlight);

}  // namespace trivcheck
