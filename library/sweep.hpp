#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "checker/search/sweep_outcome.hpp"

namespace trivcheck {

/// What a sweep hands back as each schedule is decided (any order, one call at
/// a time): its position in the requests, its outcome, and its one-line
/// trivcheck.report/1 when `json_lines` was asked for (empty otherwise).
using SweepObserver =
    std::function<void(std::size_t index, const SizeOutcome& outcome, std::string json_line)>;

/// Generates and checks every request (a ring or a torus each) on `jobs`
/// threads; the outcomes come back in the requests' order. A request whose
/// last step is synthesized gets the solver's planner here.
std::vector<SizeOutcome> sweep(std::vector<GeneratorRequest> requests,
                               const ExecuteOptions& options, int jobs = 1,
                               const SweepObserver& observer = {}, bool json_lines = false);

}  // namespace trivcheck
