#include "checker/explanations/explain.hpp"

#include <algorithm>
#include <climits>
#include <map>
#include <memory>
#include <tuple>

#include "checker/execution/provenance.hpp"
#include "checker/explanations/block_contents.hpp"
#include "checker/explanations/bound_explanation.hpp"
#include "checker/explanations/contribution_journey.hpp"
#include "checker/explanations/unheld_explanation.hpp"

namespace trivcheck {

namespace {

void sort_violations(std::vector<Violation>& violations) {
    auto key = [](const Violation& v) {
        return std::make_tuple(v.step < 0 ? INT_MAX : v.step, v.kind, v.rank, v.block,
                               v.contributor, v.detail);
    };
    std::stable_sort(violations.begin(), violations.end(),
                     [&](const Violation& a, const Violation& b) { return key(a) < key(b); });
}

/// What is left of ExplainLimits::transfer_visits; every replay visits every transfer once.
class ReplayBudget {
  public:
    ReplayBudget(std::uint64_t transfers, std::uint64_t visits)
        : cost_(std::max<std::uint64_t>(1, transfers)), left_(visits) {}
    bool spend() {
        if (left_ < cost_) return false;
        left_ -= cost_;
        return true;
    }

  private:
    std::uint64_t cost_;
    std::uint64_t left_;
};

void explain_missing(const Schedule& schedule, const Violation& violation,
                     const ExplainLimits& limits, ReplayBudget& budget,
                     std::map<int, std::unique_ptr<BlockContents>>& cache,
                     Explanation& explanation) {
    if (violation.rank < 0 || violation.block < 0) return;
    if (schedule.collective == Collective::allgather) {
        // The one value that must arrive is the owner's; anything else held is extra.
        const int owner = schedule.owner_of_block(violation.block);
        if (violation.contributor == owner) explanation.missing_contributors = {owner};
    } else if (schedule.ranks <= block_contents_rank_limit &&
               (cache.count(violation.block) || budget.spend())) {
        auto& contents = cache[violation.block];
        if (!contents) contents = std::make_unique<BlockContents>(schedule, violation.block);
        explanation.missing_contributors = contents->lacking(violation.rank);
    } else if (violation.contributor >= 0) {
        explanation.missing_contributors = {violation.contributor};
    }
    const auto named = std::min(explanation.missing_contributors.size(),
                                static_cast<std::size_t>(limits.last_holders_per_missing));
    for (std::size_t i = 0; i < named && budget.spend(); ++i) {
        const int contributor = explanation.missing_contributors[i];
        const ContributionJourney journey =
            trace_contribution(schedule, violation.block, contributor);
        explanation.last_holders.push_back(last_holder(journey, violation.rank, contributor));
    }
}

/// explain_violations over `schedule`, whose double counts `trace` traces;
/// `whole` is false for an orbit's model, which cannot replay the rest.
template <class Trace>
void explain_with(const Schedule& schedule, std::uint64_t transfers, bool whole, Trace&& trace,
                  Report& report, const ExplainLimits& limits) {
    sort_violations(report.violations);
    ReplayBudget budget(transfers, limits.transfer_visits);
    std::map<int, std::unique_ptr<BlockContents>> contents_by_block;
    // The replays behind missing causes and unheld sends follow vectors only; through
    // scratch buffers they would tell a wrong story, so those schedules go without them.
    const bool replays = whole && !schedule.uses_buffers();
    int traced = 0;
    int missing_explained = 0;
    for (std::size_t i = 0; i < report.violations.size(); ++i) {
        Violation& violation = report.violations[i];
        Explanation& explanation = violation.explanation;
        if (violation.kind == ViolationKind::double_count && traced < limits.traced_double_counts) {
            ++traced;
            if (violation.paths.empty() && budget.spend()) violation.paths = trace(violation);
        } else if (violation.kind == ViolationKind::missing && replays &&
                   missing_explained < limits.explained_missing) {
            ++missing_explained;
            explain_missing(schedule, violation, limits, budget, contents_by_block, explanation);
        } else if (violation.kind == ViolationKind::bound_exceeded) {
            explanation.bound = measure_bound_breach(schedule, report, violation);
        }
    }
    if (replays && budget.spend()) explain_unheld_sends(schedule, report.violations);
}

}  // namespace

void explain_violations(const Schedule& schedule, Report& report, const ExplainLimits& limits) {
    explain_with(
        schedule, schedule.transfer_count(), true,
        [&](const Violation& violation) { return trace_copies(schedule, violation); }, report,
        limits);
}

void explain_orbit_violations(const RotationOrbit& orbit, Report& report,
                              const ExplainLimits& limits) {
    explain_with(
        orbit.model, orbit.model.transfer_count() * static_cast<std::uint64_t>(orbit.model.ranks),
        false, [&](const Violation& violation) { return trace_copies(orbit, violation); }, report,
        limits);
}

}  // namespace trivcheck
