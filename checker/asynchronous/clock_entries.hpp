#pragma once
#include <cstdint>

/// The loops over clock vectors that the happens-before relation spends its
/// time in, built for the widest vector instructions the machine has
/// (AVX-512, AVX2, or the baseline; chosen once when the program starts).
/// Entries are in [0, 2^31).
namespace trivcheck::msccl {

/// How two vectors compare entry-wise.
struct ClockOrder {
    bool first_covers = false;   // every entry of the first >= the second's
    bool second_covers = false;  // every entry of the second >= the first's
};

ClockOrder compare_entries(const std::int32_t* first, const std::int32_t* second, int width);

/// into[i] = max(into[i], from[i]).
void raise_entries(std::int32_t* into, const std::int32_t* from, int width);

/// A hash of the entries (equal vectors, equal hashes), never ~0.
std::uint64_t hash_entries(const std::int32_t* entries, int width);

}  // namespace trivcheck::msccl
