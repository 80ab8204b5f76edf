#include "checker/execution/fold_core.hpp"

#include <algorithm>
#include <memory>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "checker/execution/block_classes.hpp"
#include "checker/execution/shared_blocks.hpp"

namespace trivcheck {

namespace {

/// Every block of the vector, each once, in the main buffer. A fold's
/// transfers share one set: the last one found whole is remembered.
class WholeVector {
  public:
    explicit WholeVector(int blocks) : blocks_(blocks) {}

    bool carried_by(const Transfer& transfer) {
        if (transfer.src_buffer != main_buffer || transfer.dst_buffer != main_buffer ||
            transfer.blocks.size() != static_cast<std::size_t>(blocks_))
            return false;
        const SharedBlocks key = key_of(transfer.blocks);
        if (known_ == key) return true;
        if (!each_block_once(transfer.blocks)) return false;
        known_ = key;
        return true;
    }

  private:
    bool each_block_once(const BlockSet& set) const {
        std::vector<char> seen(static_cast<std::size_t>(blocks_), 0);
        const BlockSet::View view = set.view();
        for (std::size_t i = 0; i < set.size(); ++i) {
            char& mark = seen[static_cast<std::size_t>(view.at(i))];
            if (mark) return false;
            mark = 1;
        }
        return true;
    }

    int blocks_;
    SharedBlocks known_{nullptr, -1, 0};  // no set has offset -1
};

/// [rank] -> its partner for an extra rank, -1 for a core rank; empty when the
/// first and last steps are not exactly a fold and an unfold.
std::vector<int> fold_partners(const Schedule& schedule) {
    const auto n = static_cast<std::size_t>(schedule.ranks);
    const std::vector<Transfer>& fold = schedule.steps.front().transfers;
    const std::vector<Transfer>& unfold = schedule.steps.back().transfers;
    if (fold.empty() || fold.size() != unfold.size()) return {};
    WholeVector whole(schedule.blocks);
    std::vector<int> partner(n, -1);
    for (const Transfer& transfer : fold) {
        if (transfer.op != Op::reduce || !whole.carried_by(transfer) ||
            partner[static_cast<std::size_t>(transfer.src)] != -1)
            return {};
        partner[static_cast<std::size_t>(transfer.src)] = transfer.dst;
    }
    for (const Transfer& transfer : fold)
        if (partner[static_cast<std::size_t>(transfer.dst)] != -1) return {};
    // Each extra gets exactly one copy of everything, from its partner.
    std::vector<char> unfolded(n, 0);
    for (const Transfer& transfer : unfold) {
        const auto extra = static_cast<std::size_t>(transfer.dst);
        if (transfer.op != Op::copy || partner[extra] != transfer.src || unfolded[extra] ||
            !whole.carried_by(transfer))
            return {};
        unfolded[extra] = 1;
    }
    return partner;
}

/// The classes of `blocks` in the order they come, one per class (its first block).
template <class Visit>
void for_each_class(const BlockSet& blocks, const BlockClasses& classes,
                    const std::vector<std::uint8_t>& first, Visit&& visit) {
    const std::uint8_t* const is_first = first.data();
    const int* const class_of = classes.class_of.data();
    blocks.for_each([&](int block) {
        if (is_first[block]) visit(class_of[block]);
    });
}

}  // namespace

std::optional<FoldedSchedule> FoldedSchedule::of(const Schedule& schedule) {
    if (schedule.collective != Collective::allreduce || schedule.blocks < 2 ||
        schedule.topology.kind != TopologyKind::ring || schedule.steps.size() < 3 ||
        schedule.uses_buffers())
        return std::nullopt;
    const std::vector<int> partner = fold_partners(schedule);
    if (partner.empty()) return std::nullopt;
    FoldedSchedule folded;
    folded.schedule_ = &schedule;
    folded.core_index_.assign(partner.size(), -1);
    for (std::size_t rank = 0; rank < partner.size(); ++rank)
        if (partner[rank] == -1) folded.core_index_[rank] = folded.core_ranks_++;
    for (std::size_t s = 1; s + 1 < schedule.steps.size(); ++s)
        for (const Transfer& transfer : schedule.steps[s].transfers)
            if (partner[static_cast<std::size_t>(transfer.src)] != -1 ||
                partner[static_cast<std::size_t>(transfer.dst)] != -1)
                return std::nullopt;
    // The fold's sets hold every block and split no class: the whole schedule's
    // classes are the middle steps'.
    folded.classes_ = block_classes(schedule);
    folded.first_ = folded.classes_.representatives();
    return folded;
}

BlockSet FoldedSchedule::classes_carried(const BlockSet& blocks) const {
    std::vector<int> carried;
    bool ascending = true;
    for_each_class(blocks, classes_, first_, [&](int carried_class) {
        ascending = ascending && (carried.empty() || carried.back() < carried_class);
        carried.push_back(carried_class);
    });
    if (!ascending) return BlockSet(std::move(carried), classes_.count);
    return BlockSet(std::make_shared<const std::vector<int>>(std::move(carried)), 0,
                    classes_.count);
}

Schedule FoldedSchedule::core() const {
    // Each distinct set is quotiented once.
    std::unordered_map<SharedBlocks, BlockSet, SharedBlocksHash> quotients;
    const auto quotient_of = [&](const BlockSet& blocks) {
        auto [quotient, added] = quotients.try_emplace(key_of(blocks));
        if (added) quotient->second = classes_carried(blocks);
        return quotient->second;
    };
    Schedule core;
    core.name = "fold core";
    core.collective = Collective::allreduce;
    core.topology = Topology::ring(core_ranks_);
    core.ranks = core_ranks_;
    core.blocks = classes_.count;
    core.ports = schedule_->ports;
    for (std::size_t s = 1; s + 1 < schedule_->steps.size(); ++s) {
        const Step& middle = schedule_->steps[s];
        Step step{middle.phase, {}};
        step.transfers.reserve(middle.transfers.size());
        for (const Transfer& transfer : middle.transfers)
            step.transfers.push_back({core_index(transfer.src), core_index(transfer.dst),
                                      quotient_of(transfer.blocks), transfer.op, transfer.route,
                                      transfer.src_buffer, transfer.dst_buffer});
        core.steps.push_back(std::move(step));
    }
    return core;
}

namespace {

/// Pairs of block sets already found to match, by what they share.
using SetPair = std::pair<SharedBlocks, SharedBlocks>;
struct SetPairHash {
    std::size_t operator()(const SetPair& key) const {
        return SharedBlocksHash()(key.first) * 31 + SharedBlocksHash()(key.second);
    }
};

}  // namespace

bool FoldedSchedule::carries_classes(const BlockSet& blocks, const BlockSet& quotient,
                                     std::vector<int>& scratch) const {
    // A core's sets list their classes ascending (classes_carried): blocks that come in
    // ascending order are compared as they come.
    const BlockSet::View view = quotient.view();
    std::size_t matched = 0;
    bool in_order = true;
    for_each_class(blocks, classes_, first_, [&](int carried_class) {
        in_order = in_order && matched < quotient.size() && view.at(matched) == carried_class;
        ++matched;
    });
    if (in_order) return matched == quotient.size();
    scratch.clear();
    for_each_class(blocks, classes_, first_,
                   [&](int carried_class) { scratch.push_back(carried_class); });
    std::sort(scratch.begin(), scratch.end());
    if (scratch.size() != quotient.size()) return false;
    for (std::size_t j = 0; j < scratch.size(); ++j)
        if (scratch[j] != view.at(j)) return false;
    return true;
}

bool FoldedSchedule::has_core(const Schedule& core) const {
    const std::vector<Step>& steps = schedule_->steps;
    if (core.ranks != core_ranks_ || core.blocks != classes_.count ||
        core.ports != schedule_->ports || core.collective != Collective::allreduce ||
        !core.buffers.empty() || core.steps.size() + 2 != steps.size())
        return false;
    // Large sets are shared among transfers: a pair found to match is not compared again.
    std::unordered_set<SetPair, SetPairHash> matched;
    std::vector<int> carried;
    for (std::size_t s = 0; s < core.steps.size(); ++s) {
        const std::vector<Transfer>& ours = steps[s + 1].transfers;
        const std::vector<Transfer>& theirs = core.steps[s].transfers;
        if (ours.size() != theirs.size() || !core.steps[s].local.empty()) return false;
        for (std::size_t i = 0; i < ours.size(); ++i) {
            const Transfer& x = ours[i];
            const Transfer& y = theirs[i];
            if (core_index(x.src) != y.src || core_index(x.dst) != y.dst || x.op != y.op ||
                x.src_buffer != y.src_buffer || x.dst_buffer != y.dst_buffer)
                return false;
            const bool remembered = x.blocks.size() > 16;
            const SetPair key{key_of(x.blocks), key_of(y.blocks)};
            if (remembered && matched.contains(key)) continue;
            if (!carries_classes(x.blocks, y.blocks, carried)) return false;
            if (remembered) matched.insert(key);
        }
    }
    return true;
}

std::optional<Schedule> fold_core(const Schedule& schedule) {
    const std::optional<FoldedSchedule> folded = FoldedSchedule::of(schedule);
    if (!folded) return std::nullopt;
    return folded->core();
}

}  // namespace trivcheck
