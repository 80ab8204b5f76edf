#pragma once
#include <optional>
#include <string>
#include <vector>

#include "checker/core/expected_outputs.hpp"
#include "checker/core/report.hpp"
#include "checker/execution/executor.hpp"
#include "library/input.hpp"
#include "models/msccl_program.hpp"

namespace trivcheck {

/// How `check` judges an input; the defaults are `trivcheck check`'s.
struct CheckSettings {
    /// Violations kept, memory limit, symmetry; MSCCL-IR and MSCCL++ inputs
    /// take the first two.
    ExecuteOptions execute = {};
    /// MSCCL-IR programs: the runtime judged against (its limits are
    /// runtime_limit violations); none: the model of docs/msccl.md alone.
    msccl::Runtime runtime = msccl::Runtime::none;
    /// MSCCL-IR broadcast, reduce, gather and scatter: the root (RCCL takes it
    /// at run time, so the file cannot say); 0 when not given.
    std::optional<int> root = {};
    /// MSCCL-IR programs: the user's postcondition, replacing the collective's own.
    std::optional<msccl::ExpectedOutputs> expected = {};
    /// Named checks that count toward the verdict (rank_consistency, determinism).
    std::vector<std::string> required = {};
    /// MSCCL++ plans: kinds accepted on purpose (`check --allow`), listed in
    /// the report's `allowed`, not counted.
    std::vector<ViolationKind> allowed = {};
};

/// A verdict and what the reader said on the way.
struct CheckResult {
    Report report;
    /// Whether the input itself was violated, before the required checks
    /// counted (what a search for a smaller failing size looks for).
    bool input_violated = false;
    /// What the reader accepted but warns about (MSCCL-IR, MSCCL++), one line each.
    std::vector<std::string> warnings;
};

/// Checks any input by the checker that handles it: the symbolic executor for
/// schedules and rotation orbits, the asynchronous run for MSCCL-IR programs,
/// the one-sided run for MSCCL++ plans. Throws ResourceLimit above the memory
/// limit, std::invalid_argument for a root the program cannot have.
CheckResult check(const Input& input, const CheckSettings& settings = {});

}  // namespace trivcheck
