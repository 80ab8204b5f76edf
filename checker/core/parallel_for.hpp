#pragma once
#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#include "checker/core/usable_cores.hpp"

namespace trivcheck {

/// Calls work(i) for every i in [0, count) on `jobs` threads (0: every usable core),
/// handing out indices in order; rethrows the first exception after all stop.
/// Threads the system will not make (std::system_error: no memory for a
/// stack, a process limit) are done without: the work runs on those made, at
/// least the calling thread, and its results are the same.
template <class Work>
void parallel_for(int count, int jobs, Work&& work) {
    if (jobs <= 0) jobs = usable_cores();
    jobs = std::min(jobs, std::max(count, 1));
    std::atomic<int> next{0};
    std::exception_ptr failure;
    std::mutex failure_mutex;
    auto worker = [&] {
        for (int i = next++; i < count; i = next++) {
            try {
                work(i);
            } catch (...) {
                std::lock_guard lock(failure_mutex);
                if (!failure) failure = std::current_exception();
                next = count;
            }
        }
    };
    std::vector<std::thread> threads;
    threads.reserve(static_cast<std::size_t>(jobs - 1));
    try {
        for (int t = 1; t < jobs; ++t) threads.emplace_back(worker);
    } catch (const std::system_error&) {
    }
    worker();
    for (std::thread& thread : threads) thread.join();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace trivcheck
