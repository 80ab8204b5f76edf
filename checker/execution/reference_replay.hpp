#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "checker/core/violation_kind.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// The first violation the reference replay finds: its kind and where it is.
struct ReferenceViolation {
    ViolationKind kind;
    /// "at step 2, rank 1, block 0, contributor 3", in words.
    std::string where;
    /// The kind, then where: "double_count at step 2, ...".
    std::string words() const;
};

/// A brute-force second opinion on docs/model.md, independent of executor.cpp: it
/// counts how many times every contribution is summed into every cell of
/// every buffer (n·U·B·n counters for U buffers) instead of keeping sets, runs
/// each step's local operations before its sends, and checks ports, unheld
/// sends, double counts (local ones too) and the postconditions (buffer 0). Used to confirm, on
/// small schedules, that a mutant the checker accepts is really correct. Returns the first
/// violation found, or nullopt when the schedule is correct. Throws std::length_error
/// when n·U·B·n exceeds `counter_limit` (4 bytes each: 64 MiB by default).
std::optional<ReferenceViolation> reference_violation(const Schedule& schedule,
                                                      std::uint64_t counter_limit = std::uint64_t{1}
                                                                                    << 24);

}  // namespace trivcheck
