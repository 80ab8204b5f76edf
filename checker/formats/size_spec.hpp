#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace trivcheck {

/// A --n spec that does not parse; the message names the item and the reason.
struct SizeSpecError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

/// Largest ring size a spec may name (far beyond what fits in memory, so a
/// typo is caught here instead of overflowing an int).
inline constexpr int max_spec_size = 1 << 30;
/// Most sizes one spec may name: each one costs a check, and the list itself
/// must fit in memory before sharding.
inline constexpr std::int64_t max_spec_count = 10'000'000;
/// Upper bound of a bare `pow2` or `pow3`: the largest n of the sweep the
/// project promises in CI (issue 3).
inline constexpr int default_power_bound = 4096;

/// Parses a --n spec (docs/sweep.md): a comma-separated union of items `N`,
/// `A..B` (inclusive), `pow2`, `pow3` (powers up to 4096), `pow2:A..B`,
/// `pow3:A..B` and `pow3:..B` (powers in [A, B], A defaulting to 2).
/// Returns the sizes sorted and distinct, each at least 2; throws SizeSpecError.
std::vector<int> parse_size_spec(const std::string& text);

}  // namespace trivcheck
