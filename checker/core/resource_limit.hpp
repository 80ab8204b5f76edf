#pragma once
#include <cstdint>
#include <stdexcept>

namespace trivcheck {

/// Thrown before a check that would not fit in memory (exit 4, never a verdict).
struct ResourceLimit : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// MemAvailable of /proc/meminfo in bytes (8 GiB when it cannot be read), as
/// read at most 100 ms ago.
std::uint64_t available_memory_bytes();

/// The address space the process may still map under RLIMIT_AS (`ulimit -v`):
/// the limit less what it maps already; the largest value when unlimited.
std::uint64_t address_space_room_bytes();

/// Sets the limit of this run (`--memory-limit`, 0: none given) for the
/// readers and writers that take no limit of their own (a schedule file's
/// block lists, an exported program): memory_limit_or_default(0) returns it.
void set_run_memory_limit(std::uint64_t limit_bytes);

/// The memory a check may use: `limit_bytes` when given (not 0), else the
/// run's limit when set, else 80% of the available memory; never more than
/// address_space_room_bytes(), so a check refused under `ulimit -v` is refused by its estimate, not
/// by bad_alloc.
std::uint64_t memory_limit_or_default(std::uint64_t limit_bytes);

}  // namespace trivcheck
