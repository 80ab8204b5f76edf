#include "checker/search/schedule_shrink.hpp"

#include <numeric>

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
