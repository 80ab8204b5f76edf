#pragma once
#include <optional>
#include <string>

#include "checker/core/violation_kind.hpp"
#include "checker/mscclpp/plan.hpp"
#include "models/msccl_program.hpp"

namespace trivcheck::cli {

/// `trivcheck shrink` on an MSCCL-IR program read from `file`: the smallest
/// program (thread blocks, then steps) that still has a violation of `kind`
/// (default: the first the check reports), written to `output` (standard
/// output when empty or "-"). Exit 1 (the shrunk program fails), 0 when the
/// input holds, 2 usage.
int shrink_msccl_program(const msccl::Program& program, const std::string& file,
                         const std::string& output, std::optional<ViolationKind> kind);
/// The same for an MSCCL++ execution plan: thread blocks, then operations.
int shrink_mscclpp_plan(const mscclpp::Plan& plan, const std::string& file,
                        const std::string& output, std::optional<ViolationKind> kind);

}  // namespace trivcheck::cli
