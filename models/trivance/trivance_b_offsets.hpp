#pragma once
#include <bit>
#include <cstdint>
#include <vector>

namespace trivcheck {

/// A set of displacements in [0, n), n <= 128, as two words: the reached
/// sets of the partial-step search (models/trivance/trivance_b_partial_search.hpp)
/// and of its completion bound.
struct Offsets {
    std::uint64_t low = 0;
    std::uint64_t high = 0;

    bool operator==(const Offsets&) const = default;
    bool has(int x) const { return ((x < 64 ? low >> x : high >> (x - 64)) & 1U) != 0; }
    void add(int x) { (x < 64 ? low : high) |= std::uint64_t{1} << (x % 64); }
    void erase(int x) { (x < 64 ? low : high) &= ~(std::uint64_t{1} << (x % 64)); }
    int count() const { return std::popcount(low) + std::popcount(high); }
    bool empty() const { return low == 0 && high == 0; }
    Offsets operator|(Offsets other) const { return {low | other.low, high | other.high}; }
    Offsets operator&(Offsets other) const { return {low & other.low, high & other.high}; }
    Offsets without(Offsets other) const { return {low & ~other.low, high & ~other.high}; }
    /// The least member; -1 when empty.
    int first() const {
        if (low != 0) return std::countr_zero(low);
        return high != 0 ? 64 + std::countr_zero(high) : -1;
    }
    /// Calls visit(x) for every member, in increasing order.
    template <typename Visit>
    void each(Visit visit) const {
        for (int word = 0; word < 2; ++word)
            for (std::uint64_t bits = word == 0 ? low : high; bits != 0; bits &= bits - 1)
                visit(64 * word + std::countr_zero(bits));
    }
    std::vector<int> members() const {
        std::vector<int> xs;
        each([&](int x) { xs.push_back(x); });
        return xs;
    }
};

inline Offsets shifted_up(Offsets s, int k) {
    if (k == 0) return s;
    if (k >= 64) return {0, s.low << (k - 64)};
    return {s.low << k, (s.high << k) | (s.low >> (64 - k))};
}

inline Offsets shifted_down(Offsets s, int k) {
    if (k == 0) return s;
    if (k >= 64) return {s.high >> (k - 64), 0};
    return {(s.low >> k) | (s.high << (64 - k)), s.high >> k};
}

/// Every displacement of a ring of n.
inline Offsets all_offsets(int n) {
    Offsets all;
    for (int x = 0; x < n; ++x) all.add(x);
    return all;
}

/// {x + k mod n : x in s} for k in [0, n); `all` is all_offsets(n).
inline Offsets rotated(Offsets s, int k, int n, Offsets all) {
    if (k == 0) return s & all;
    return (shifted_up(s, k) | shifted_down(s, n - k)) & all;
}

}  // namespace trivcheck
