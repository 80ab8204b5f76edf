#pragma once
#include <cstdint>
#include <limits>

namespace trivcheck {

/// Sums and products of byte and item counts that stop at 2^64 - 1 instead of
/// wrapping: a count too large to hold stays too large for every limit.
inline constexpr std::uint64_t saturated = std::numeric_limits<std::uint64_t>::max();

inline constexpr std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
    return b > saturated - a ? saturated : a + b;
}

inline constexpr std::uint64_t saturating_multiply(std::uint64_t a, std::uint64_t b) {
    return a != 0 && b > saturated / a ? saturated : a * b;
}

}  // namespace trivcheck
