#include "checker/search/schedule_shrink.hpp"

#include <numeric>
#include <stdexcept>

#include "checker/explanations/check.hpp"
#include "checker/explanations/contribution_journey.hpp"
#include "checker/search/delta_debugging.hpp"
#include "checker/search/schedule_projection.hpp"

namespace trivcheck {

namespace {

std::vector<int> indices(std::size_t count) {
    std::vector<int> all(count);
    std::iota(all.begin(), all.end(), 0);
    return all;
}

/// One reduction: the items of a schedule and the sub-schedule keeping some.
/// `fewest`: the least a schedule keeps (2 ranks, 1 block); smaller subsets never fail.
template <class Item, class Items, class Keep>
bool reduce(Schedule& current, const FailureSignature& signature, int& tests, std::size_t fewest,
            Items&& items_of, Keep&& keep) {
    const std::vector<Item> items = items_of(current);
    if (items.size() <= fewest) return false;
    const std::vector<Item> kept =
        minimise_failing_subset(items, [&](const std::vector<Item>& subset) {
            if (subset.size() < fewest) return false;
            ++tests;
            return fails_with(keep(current, subset), signature);
        });
    if (kept.size() == items.size()) return false;
    current = keep(current, kept);
    return true;
}

}  // namespace

std::optional<FailureSignature> signature_of(const Report& report, const std::string& kind) {
    if (!report.violation_counts.count(kind)) return std::nullopt;
    FailureSignature signature{kind, ""};
    if (kind != "missing") return signature;
    for (std::size_t i = 0; i < report.violations.size(); ++i)
        if (report.violations[i].kind == kind &&
            !report.violations[i].explanation.last_holders.empty()) {
            signature.cause = missing_cause(report.violations[i].explanation.last_holders.front());
            break;
        }
    return signature;
}

bool fails_with(const Schedule& schedule, const FailureSignature& signature) {
    if (schedule.ranks < 2 || schedule.blocks < 1) return false;
    try {
        if (signature.cause.empty()) {
            ExecuteOptions options;
            // Only the kind matters: no provenance, one recorded violation.
            options.max_recorded_violations = 1;
            options.max_traced_violations = 0;
            return execute(schedule, options).violation_counts.count(signature.kind) > 0;
        }
        const Report report = check_schedule(schedule);
        for (std::size_t i = 0; i < report.violations.size(); ++i) {
            if (report.violations[i].kind != signature.kind) continue;
            for (const LastHolder& holder : report.violations[i].explanation.last_holders)
                if (missing_cause(holder) == signature.cause) return true;
        }
        return false;
    } catch (const std::runtime_error&) {
        // A candidate that cannot run (a graph cut in two) does not fail the same way.
        return false;
    }
}

ShrinkResult shrink_schedule(const Schedule& schedule, const FailureSignature& signature) {
    ShrinkResult result{schedule, 0, 0};
    Schedule& current = result.schedule;
    auto rank_items = [](const Schedule& s) {
        return s.topology.kind == TopologyKind::torus ? std::vector<int>{} : indices(s.ranks);
    };
    auto step_items = [](const Schedule& s) { return indices(s.steps.size()); };
    auto block_items = [](const Schedule& s) {
        return indices(static_cast<std::size_t>(s.blocks));
    };
    auto transfer_items = [](const Schedule& s) { return indices(s.transfer_count()); };
    auto local_items = [](const Schedule& s) {
        std::size_t count = 0;
        for (const Step& step : s.steps) count += step.local.size();
        return indices(count);
    };
    bool changed = true;
    while (changed) {
        ++result.rounds;
        changed = false;
        // Largest units first: each removed rank takes its transfers and blocks with it.
        changed |= reduce<int>(current, signature, result.tests, 2, rank_items, keep_ranks);
        changed |= reduce<int>(current, signature, result.tests, 0, step_items, keep_steps);
        changed |= reduce<int>(current, signature, result.tests, 1, block_items, keep_blocks);
        changed |= reduce<int>(current, signature, result.tests, 0, transfer_items, keep_transfers);
        changed |=
            reduce<int>(current, signature, result.tests, 0, local_items, keep_local_operations);
        changed |= reduce<TransferBlock>(current, signature, result.tests, 0, transfer_blocks,
                                         keep_transfer_blocks);
    }
    current = drop_unused_buffers(current);
    if (current.name.find("-shrunk") == std::string::npos) current.name += "-shrunk";
    // No longer what the generator makes: the named checks of its family must not apply.
    current.algo.clear();
    current.form.clear();
    return result;
}

}  // namespace trivcheck
