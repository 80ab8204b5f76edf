#include "library/sweep.hpp"

#include <mutex>

#include "checker/core/parallel_for.hpp"
#include "proofs/last_step_planner.hpp"

namespace trivcheck {

std::vector<SizeOutcome> sweep(std::vector<GeneratorRequest> requests,
                               const ExecuteOptions& options, int jobs,
                               const SweepObserver& observer, bool json_lines) {
    std::vector<SizeOutcome> outcomes(requests.size());
    std::mutex observer_turn;
    parallel_for(static_cast<int>(requests.size()), jobs, [&](int index) {
        const std::size_t item = static_cast<std::size_t>(index);
        GeneratorRequest& request = requests[item];
        proofs::supply_planner(request);
        std::string line;
        outcomes[item] = check_one_size(request, options, json_lines ? &line : nullptr);
        if (!observer) return;
        const std::lock_guard<std::mutex> turn(observer_turn);
        observer(item, outcomes[item], std::move(line));
    });
    return outcomes;
}

}  // namespace trivcheck
