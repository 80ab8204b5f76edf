#include "checker/core/resource_limit.hpp"

#include <fstream>
#include <string>

namespace trivcheck {

std::uint64_t available_memory_bytes() {
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    std::uint64_t kilobytes = 0;
    std::string unit;
    while (meminfo >> key >> kilobytes >> unit)
        if (key == "MemAvailable:") return kilobytes * 1024;
    return std::uint64_t{8} << 30;
}

std::uint64_t memory_limit_or_default(std::uint64_t limit_bytes) {
    return limit_bytes != 0 ? limit_bytes : available_memory_bytes() / 10 * 8;
}

}  // namespace trivcheck
