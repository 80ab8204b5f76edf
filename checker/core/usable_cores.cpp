#include "checker/core/usable_cores.hpp"

#include <sched.h>

#include <algorithm>
#include <thread>

namespace trivcheck {

int usable_cores() {
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (sched_getaffinity(0, sizeof(allowed), &allowed) == 0)
        return std::max(1, CPU_COUNT(&allowed));
    return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

}  // namespace trivcheck
