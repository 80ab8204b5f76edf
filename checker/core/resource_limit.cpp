#include "checker/core/resource_limit.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <limits>
#include <string>

#include "checker/core/address_space_cap.hpp"

namespace trivcheck {

namespace {

/// The run's --memory-limit in bytes; 0: none given. Set once, before any thread starts.
std::atomic<std::uint64_t> run_memory_limit{0};

std::uint64_t read_available_memory_bytes() {
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    std::uint64_t kilobytes = 0;
    std::string unit;
    while (meminfo >> key >> kilobytes >> unit)
        if (key == "MemAvailable:") return kilobytes * 1024;
    return std::uint64_t{8} << 30;
}

/// The last reading and when it was taken (steady_clock ticks; 0: never).
std::atomic<std::uint64_t> last_available{0};
std::atomic<std::int64_t> last_read_at{0};

}  // namespace

void set_run_memory_limit(std::uint64_t limit_bytes) { run_memory_limit = limit_bytes; }

std::uint64_t available_memory_bytes() {
    // A sweep asks before each of its thousands of checks; reading /proc/meminfo
    // each time cost 3% of `sweep --algo all`. A reading younger than 100 ms stands.
    const std::int64_t now = std::chrono::steady_clock::now().time_since_epoch().count();
    const std::int64_t read_at = last_read_at.load(std::memory_order_acquire);
    constexpr std::int64_t fresh = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                       std::chrono::milliseconds(100))
                                       .count();
    if (read_at != 0 && now - read_at < fresh)
        return last_available.load(std::memory_order_relaxed);
    const std::uint64_t available = read_available_memory_bytes();
    last_available.store(available, std::memory_order_relaxed);
    last_read_at.store(now, std::memory_order_release);
    return available;
}

std::uint64_t address_space_room_bytes() {
    // The user's own limit: the cap --memory-limit sets (address_space_cap.hpp)
    // is that limit made hard, not a second, smaller one.
    const std::uint64_t cap = address_space_limit_before_cap();
    if (cap == std::numeric_limits<std::uint64_t>::max()) return cap;
    // What the process already maps (code, libraries, thread stacks) is not room.
    std::ifstream statm("/proc/self/statm");
    std::uint64_t pages = 0;
    statm >> pages;
    const std::uint64_t used = pages * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
    return cap > used ? cap - used : 0;
}

std::uint64_t memory_limit_or_default(std::uint64_t limit_bytes) {
    if (limit_bytes == 0) limit_bytes = run_memory_limit;
    const std::uint64_t asked = limit_bytes != 0 ? limit_bytes : available_memory_bytes() / 10 * 8;
    return std::min(asked, address_space_room_bytes());
}

}  // namespace trivcheck
