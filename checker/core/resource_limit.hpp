#pragma once
#include <cstdint>
#include <stdexcept>

namespace trivcheck {

/// Thrown before a check that would not fit in memory (exit 4, never a verdict).
struct ResourceLimit : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// MemAvailable of /proc/meminfo in bytes (8 GiB when it cannot be read).
std::uint64_t available_memory_bytes();

/// The memory a check may use: `limit_bytes` when given (not 0), else 80% of
/// the available memory.
std::uint64_t memory_limit_or_default(std::uint64_t limit_bytes);

}  // namespace trivcheck
