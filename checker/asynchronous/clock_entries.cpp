#include "checker/asynchronous/clock_entries.hpp"

namespace trivcheck::msccl {

#define TRIVCHECK_WIDEST_VECTORS [[gnu::target_clones("arch=x86-64-v4", "avx2", "default")]]

TRIVCHECK_WIDEST_VECTORS
ClockOrder compare_entries(const std::int32_t* first, const std::int32_t* second, int width) {
    // A difference is negative exactly where the other entry is larger, so
    // or-ing the differences (no branch, no early exit) compares whole vectors.
    std::int32_t first_minus_second = 0;
    std::int32_t second_minus_first = 0;
    for (int index = 0; index < width; ++index) {
        first_minus_second |= first[index] - second[index];
        second_minus_first |= second[index] - first[index];
    }
    return {first_minus_second >= 0, second_minus_first >= 0};
}

TRIVCHECK_WIDEST_VECTORS
void raise_entries(std::int32_t* into, const std::int32_t* from, int width) {
    for (int index = 0; index < width; ++index)
        into[index] = into[index] < from[index] ? from[index] : into[index];
}

TRIVCHECK_WIDEST_VECTORS
std::uint64_t hash_entries(const std::int32_t* entries, int width) {
    // Two independent sums (no chain through every entry), mixed; equal
    // hashes are compared entry by entry anyway.
    std::uint32_t plain = 0;
    std::uint32_t weighted = 0;
    for (int index = 0; index < width; ++index) {
        const auto entry = static_cast<std::uint32_t>(entries[index]);
        plain += entry;
        weighted += entry * (2 * static_cast<std::uint32_t>(index) + 1);
    }
    const std::uint64_t hash = ((std::uint64_t{weighted} << 32) | plain) * 0x9e3779b97f4a7c15ULL;
    return hash == ~std::uint64_t{0} ? 0 : hash;
}

}  // namespace trivcheck::msccl
