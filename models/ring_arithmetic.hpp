#pragma once
#include <cstdint>

namespace trivcheck {

/// x mod n in [0, n) for any sign of x.
inline int wrap(std::int64_t x, int n) {
    std::int64_t r = x % n;
    return static_cast<int>(r < 0 ? r + n : r);
}

/// base^exponent as a 64-bit integer (caller keeps it in range).
inline std::int64_t power(std::int64_t base, int exponent) {
    std::int64_t result = 1;
    for (int i = 0; i < exponent; ++i) result *= base;
    return result;
}

/// Largest s with base^s <= n (n >= 1).
inline int floor_log(std::int64_t n, std::int64_t base) {
    int s = 0;
    for (std::int64_t p = base; p <= n; p *= base) ++s;
    return s;
}

/// Smallest k with base^k >= n (n >= 1).
inline int ceil_log(std::int64_t n, std::int64_t base) {
    int k = 0;
    for (std::int64_t p = 1; p < n; p *= base) ++k;
    return k;
}

inline bool is_power_of(std::int64_t n, std::int64_t base) {
    return power(base, floor_log(n, base)) == n;
}

}  // namespace trivcheck
