#pragma once
#include <string>
#include <vector>

#include "checker/execution/executor.hpp"
#include "models/generator.hpp"

namespace trivcheck {

/// How one size of a sweep ended. `unknown`: no verdict (too large to check,
/// or the generator failed), never counted as success.
enum class SweepStatus { holds, violated, not_applicable, unknown };

/// "holds", "violated", "not applicable", "unknown".
const char* to_string(SweepStatus status);

/// What a sweep keeps of one check: a few words instead of the report, so a
/// sweep over thousands of n stays small in memory.
struct SizeOutcome {
    /// A ring's size, or a torus's rank count.
    int n = 0;
    SweepStatus status = SweepStatus::holds;
    /// violated: the kind of the first recorded violation (double_count, missing, ...).
    std::string violation_kind;
    /// not_applicable, unknown: why, in the generator's or the executor's words.
    std::string reason;
    /// Generating plus checking, wall clock on one thread.
    double seconds = 0;
    /// holds, violated: the report's steps K and byte factor Θ (units of m).
    int steps = 0;
    double theta = 0;
    /// violated: the first recorded violation in one line ("double_count at step 1: ...").
    std::string first_violation = {};
    /// A torus's extents ({5, 7} for 5x7); empty for a ring of n.
    std::vector<int> torus_dims = {};

    /// The topology checked: ring:n or torus:AxB...
    Topology topology() const;
    /// How tables name the size: "7" for a ring, "5x7" for a torus.
    std::string size_label() const;
    /// How one-line messages name it: "n=7" or "torus:5x7".
    std::string size_name() const;
};

/// An outcome not yet checked, for the sweep of `topology`.
SizeOutcome planned_outcome(const Topology& topology);

/// Generates and checks the schedule `request` describes (a ring or a torus).
/// When `json_line` is given it receives the one-line trivcheck.report/1 of
/// that n, a not_applicable report included; it stays empty for `unknown`,
/// which has no report.
SizeOutcome check_one_size(const GeneratorRequest& request, const ExecuteOptions& options,
                           std::string* json_line = nullptr);

}  // namespace trivcheck
