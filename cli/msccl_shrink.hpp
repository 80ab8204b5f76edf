#pragma once
#include <optional>
#include <string>

#include "checker/core/violation_kind.hpp"

namespace trivcheck::cli {

/// `trivcheck shrink FILE.xml`: the smallest program (thread blocks, then
/// steps) that still has a violation of `kind` (default: the first the
/// check reports), written to `output` (standard output when empty or "-").
/// Exit 1 (the shrunk program fails), 0 when the input holds, 2 usage, 3 input.
int run_msccl_shrink(const std::string& file, const std::string& output,
                     std::optional<ViolationKind> kind);

}  // namespace trivcheck::cli
