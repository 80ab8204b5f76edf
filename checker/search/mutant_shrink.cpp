#include "checker/search/mutant_shrink.hpp"

#include <algorithm>
#include <stdexcept>

#include "checker/explanations/check.hpp"
#include "checker/search/mutation_score.hpp"
#include "checker/search/mutation_sites.hpp"
#include "checker/search/observable_behaviour.hpp"
#include "checker/search/schedule_projection.hpp"

namespace trivcheck {

namespace {

/// The first all-gather step, or the step count when there is none.
int boundary(const Schedule& schedule) {
    const std::vector<int> gathers = allgather_steps(schedule);
    return gathers.empty() ? static_cast<int>(schedule.steps.size()) : gathers.front();
}

int sign(int value) { return value > 0 ? 1 : value < 0 ? -1 : 0; }

}  // namespace

std::optional<MutationPlace> carry_place(const Schedule& original, const MutationPlace& place,
                                         const Schedule& target) {
    if (place.step < 0 || place.step >= static_cast<int>(original.steps.size()))
        return std::nullopt;
    const int step = boundary(target) + (place.step - boundary(original));
    if (step < 0 || step >= static_cast<int>(target.steps.size())) return std::nullopt;
    const auto& from_step = original.steps[static_cast<std::size_t>(place.step)];
    const auto& to_step = target.steps[static_cast<std::size_t>(step)];
    if (from_step.phase != to_step.phase) return std::nullopt;
    if (place.transfer < 0) return MutationPlace{step, -1, place.variant};
    const Transfer& transfer = transfer_at(original, {place.step, place.transfer});
    const int src = transfer.src % target.ranks;
    const int way = sign(signed_offset(transfer, original.ranks));
    for (std::size_t i = 0; i < to_step.transfers.size(); ++i) {
        const Transfer& candidate = to_step.transfers[i];
        if (candidate.src == src && sign(signed_offset(candidate, target.ranks)) == way)
            return MutationPlace{step, static_cast<int>(i), place.variant};
    }
    return std::nullopt;
}

std::optional<RecognisedMutation> recognise_mutation(const Schedule& original,
                                                     const Schedule& schedule) {
    if (schedule.ranks != original.ranks || schedule.blocks != original.blocks ||
        same_transfers(schedule, original))
        return std::nullopt;
    // Every mistake changes the step it is placed at: only those steps' places are tried.
    std::vector<MutationPlace> places;
    for (std::size_t k = 0; k < original.steps.size(); ++k) {
        const bool differs = k >= schedule.steps.size() ||
                             !same_transfers(keep_steps(original, {static_cast<int>(k)}),
                                             keep_steps(schedule, {static_cast<int>(k)}));
        if (!differs) continue;
        const int step = static_cast<int>(k);
        for (int variant : {-1, 0, 1}) places.push_back({step, -1, variant});
        for (std::size_t i = 0; i < original.steps[k].transfers.size(); ++i)
            places.push_back({step, static_cast<int>(i), 0});
    }
    // Each try scans the schedule once per operator: keep the whole under ~10^9 transfer visits.
    const std::uint64_t work = places.size() * mutation_operators().size() *
                               std::max<std::uint64_t>(1, original.transfer_count());
    if (work > 1'000'000'000) return std::nullopt;
    for (const MutationOperator& op : mutation_operators())
        for (const MutationPlace& place : places)
            for (Mutant& mutant : op.mutate(original, SiteChoice(place)))
                if (same_transfers(mutant.schedule, schedule))
                    return RecognisedMutation{&op, std::move(mutant)};
    return std::nullopt;
}

MutantSizeSearch smallest_failing_mutant(const GeneratorRequest& request, const Schedule& original,
                                         const MutationOperator& op, const MutationPlace& place,
                                         const FailureSignature& signature, bool declare_bounds) {
    constexpr int most_sizes = 512;
    MutantSizeSearch search;
    const int n = request.topology.rank_count();
    for (int smaller = 2; smaller < n && smaller < 2 + most_sizes; ++smaller) {
        GeneratorRequest at = request;
        at.topology = Topology::ring(smaller);
        CarriedMutant carried;
        carried.n = smaller;
        try {
            carried.original = generate(at);
        } catch (const NotApplicable&) {
            continue;
        }
        ExecuteOptions quick;
        quick.max_recorded_violations = 1;
        quick.max_traced_violations = 0;
        // A mistake in a schedule that is already wrong there shows nothing of its own.
        const Report measured = execute(carried.original, quick);
        if (measured.verdict != Verdict::holds) continue;
        const std::optional<MutationPlace> target = carry_place(original, place, carried.original);
        if (!target) continue;
        std::vector<Mutant> mutants = op.mutate(carried.original, SiteChoice(*target));
        if (mutants.empty()) continue;
        carried.mutant = std::move(mutants.front());
        if (declare_bounds)
            carried.mutant.schedule.bounds =
                declared_bounds(measured, carried.mutant.schedule.steps.size());
        try {
            carried.report = check_schedule(carried.mutant.schedule);
        } catch (const ResourceLimit&) {
            continue;
        }
        ++search.checked;
        if (matches(carried.report, signature)) {
            search.smallest = std::move(carried);
            return search;
        }
    }
    return search;
}

MutantShrink shrink_mutant(const GeneratorRequest& request, const Schedule& original,
                           const MutationOperator& op, const Mutant& mutant,
                           const FailureSignature& signature, bool declare_bounds, bool delta) {
    MutantShrink result;
    result.search =
        smallest_failing_mutant(request, original, op, mutant.place, signature, declare_bounds);
    result.start =
        result.search.smallest ? result.search.smallest->mutant.schedule : mutant.schedule;
    if (result.search.smallest)
        result.start.name = result.search.smallest->original.name + "-" + op.name;
    result.kept = signature;
    const Report start_report =
        result.search.smallest ? result.search.smallest->report : check_schedule(result.start);
    result.kept.least_held = std::max(result.kept.least_held, held_share(start_report));
    result.kept.same_final_state = std::make_shared<const FinalState>(final_state(result.start));
    result.shrunk =
        delta ? shrink_schedule(result.start, result.kept) : ShrinkResult{result.start, 0, 0};
    return result;
}

}  // namespace trivcheck
