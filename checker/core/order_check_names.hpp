#pragma once

namespace trivcheck {

// The named checks about the order of additions (docs/consistency.md), as
// reports name them; their violation kinds are in the registry
// (violation_kind.hpp), which the registry test holds to these names.

/// Every rank ends with the same reduction tree for each output chunk.
inline constexpr const char* rank_consistency_check = "rank_consistency";
/// No value's tree depends on the order in which unordered steps run.
inline constexpr const char* determinism_check = "determinism";

}  // namespace trivcheck
