#pragma once
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <numeric>
#include <vector>

#include "checker/core/parallel_for.hpp"
#include "checker/core/usable_cores.hpp"

namespace trivcheck {

/// results[i] = answer(worker, sizes[i]) for every i, on `jobs` threads (0: all
/// cores), each thread with one worker from make_worker() (e.g. one Z3
/// context) for all the sizes it takes. Largest n first: they take longest,
/// and ending on small ones keeps every thread busy to the end. The results
/// do not depend on the thread count as long as answers do not depend on
/// what a worker solved before.
template <class Result, class MakeWorker, class Answer>
std::vector<Result> answer_sizes_per_thread(const std::vector<int>& sizes, int jobs,
                                            MakeWorker make_worker, Answer answer) {
    std::vector<Result> results(sizes.size());
    if (jobs <= 0) jobs = usable_cores();
    jobs = std::min(jobs, static_cast<int>(std::max<std::size_t>(sizes.size(), 1)));
    std::vector<std::size_t> order(sizes.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return sizes[a] > sizes[b]; });
    std::atomic<std::size_t> next{0};
    parallel_for(jobs, jobs, [&](int) {
        auto worker = make_worker();
        for (std::size_t k = next++; k < order.size(); k = next++)
            results[order[k]] = answer(*worker, sizes[order[k]]);
    });
    return results;
}

}  // namespace trivcheck
