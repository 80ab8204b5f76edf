#pragma once

namespace trivcheck {

// The named checks about the order of additions (docs/consistency.md), and
// the violation kinds `check --require` turns them into: kept here, in one place.

/// Every rank ends with the same reduction tree for each output chunk.
inline constexpr const char* rank_consistency_check = "rank_consistency";
/// No value's tree depends on the order in which unordered steps run.
inline constexpr const char* determinism_check = "determinism";

/// The names `--require` accepts.
inline constexpr const char* requirable_checks[] = {rank_consistency_check, determinism_check};

}  // namespace trivcheck
