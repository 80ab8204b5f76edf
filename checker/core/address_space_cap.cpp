#include "checker/core/address_space_cap.hpp"

#include <malloc.h>
#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <limits>
#include <thread>

#include "checker/core/resource_limit.hpp"
#include "checker/core/saturating.hpp"

namespace trivcheck {

namespace {

/// The soft RLIMIT_AS before cap_address_space lowered it; 0 while it has not.
std::atomic<std::uint64_t> limit_before_cap{0};
/// The --memory-limit the cap holds; 0 while there is none.
std::atomic<std::uint64_t> capped_limit{0};
/// Whether that limit is the default one (no --memory-limit).
std::atomic<bool> capped_by_default{false};

/// The address space glibc reserves for one malloc arena (HEAP_MAX_SIZE on
/// 64-bit: twice the largest mmap threshold, 32 MiB).
constexpr std::uint64_t arena_reservation = std::uint64_t{64} << 20;

/// Whether the threads should share one arena under a cap of `limit_bytes`:
/// when an arena for every thread the machine runs at once (and the main
/// thread) would take more than a quarter of the limit.
bool share_one_arena(std::uint64_t limit_bytes) {
    const std::uint64_t threads = std::uint64_t{std::thread::hardware_concurrency()} + 1;
    return saturating_multiply(threads, arena_reservation) > limit_bytes / 4;
}

/// Whether the build runs under a sanitizer whose shadow memory needs more
/// address space than any cap allows: AddressSanitizer reserves terabytes
/// of it (and ThreadSanitizer and MemorySanitizer likewise) at start and
/// maps more as the program runs, so a cap would make the sanitizer's own
/// mappings fail, not the program's allocations. Those builds run uncapped;
/// the estimates still refuse what they count.
constexpr bool sanitizer_shadow_memory() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
    return true;
#else
    return false;
#endif
#else
    return false;
#endif
}

std::uint64_t as_bytes(rlim_t value) {
    return value == RLIM_INFINITY ? std::numeric_limits<std::uint64_t>::max()
                                  : static_cast<std::uint64_t>(value);
}

}  // namespace

bool cap_address_space(std::uint64_t limit_bytes) {
    if (sanitizer_shadow_memory()) return false;
    const bool by_default = limit_bytes == 0;
    if (by_default) limit_bytes = memory_limit_or_default(0);
    if (limit_bytes == 0) return false;
    rlimit current{};
    if (getrlimit(RLIMIT_AS, &current) != 0) return false;
    // The address space mapped now (code, libraries, the heap so far) and the
    // part of it that is resident: what is mapped but not resident is room
    // the limit does not count, what is resident is counted against it.
    std::ifstream statm("/proc/self/statm");
    std::uint64_t mapped_pages = 0;
    std::uint64_t resident_pages = 0;
    if (!(statm >> mapped_pages >> resident_pages)) return false;
    const auto page = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
    const std::uint64_t mapped = mapped_pages * page;
    const std::uint64_t resident = resident_pages * page;
    const std::uint64_t room = limit_bytes > resident ? limit_bytes - resident : 0;
    // Saturating: a limit near 2^64 leaves the address space uncapped.
    const std::uint64_t cap = saturating_add(mapped - resident, room);
    if (cap >= as_bytes(current.rlim_cur)) return false;
    // One malloc arena for every thread: glibc maps 64 MiB of address space
    // for each further arena (a thread's first allocation), and a thread whose
    // arena cannot be mapped falls back to one mmap per allocation.
    if (share_one_arena(limit_bytes)) mallopt(M_ARENA_MAX, 1);
    rlimit capped = current;
    capped.rlim_cur = static_cast<rlim_t>(cap);
    if (setrlimit(RLIMIT_AS, &capped) != 0) return false;
    limit_before_cap = as_bytes(current.rlim_cur);
    capped_limit = limit_bytes;
    capped_by_default = by_default;
    return true;
}

std::uint64_t address_space_cap_limit() { return capped_limit; }

bool address_space_cap_is_default() { return capped_by_default; }

std::uint64_t address_space_limit_before_cap() {
    if (const std::uint64_t before = limit_before_cap; before != 0) return before;
    rlimit current{};
    if (getrlimit(RLIMIT_AS, &current) != 0) return std::numeric_limits<std::uint64_t>::max();
    return as_bytes(current.rlim_cur);
}

}  // namespace trivcheck
