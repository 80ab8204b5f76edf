#pragma once
#include <cstdint>

namespace trivcheck {

/// Makes `--memory-limit` a hard cap: sets the soft RLIMIT_AS so that an
/// allocation past `limit_bytes` of resident memory fails (std::bad_alloc,
/// reported as exit 4 "resource limit") instead of waking the kernel's OOM
/// killer. `limit_bytes` 0 (no `--memory-limit`) caps at the default limit,
/// memory_limit_or_default(0): 80% of the available memory, which the
/// estimates refuse against too, so a run they underestimate ends at exit 4. The cap is the address
/// space mapped now but not resident (code, libraries), plus `limit_bytes` less what is resident
/// now, so the resident memory of a run stays within the limit; thread stacks (8 MiB each, mostly
/// not resident) come out of the same budget. Under the cap the threads share
/// one malloc arena: glibc reserves 64 MiB of address space for each arena
/// it makes, which would eat the budget without a byte of data
/// (mallopt M_ARENA_MAX), unless the limit is large enough that an arena for
/// every thread the machine runs at once takes at most a quarter of it (the
/// default on most machines). Never raises a lower limit already there (`ulimit -v`).
/// Does nothing in a sanitizer build (see address_space_cap.cpp). Returns
/// whether it set the cap.
bool cap_address_space(std::uint64_t limit_bytes);

/// The limit cap_address_space capped the address space at (bytes), 0 when
/// it set no cap: an allocation that fails names it.
std::uint64_t address_space_cap_limit();

/// Whether that cap is the default limit (no `--memory-limit` was given).
bool address_space_cap_is_default();

/// The soft RLIMIT_AS the process had before cap_address_space lowered it
/// (the user's `ulimit -v`; the largest value when unlimited), or the current
/// one when it did not.
std::uint64_t address_space_limit_before_cap();

}  // namespace trivcheck
