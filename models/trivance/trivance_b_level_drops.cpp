#include "models/trivance/trivance_b_level_drops.hpp"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "models/ring_arithmetic.hpp"
#include "models/trivance/set_placement.hpp"

namespace trivcheck {

namespace {

constexpr unsigned plus_way = 1;
constexpr unsigned minus_way = 2;

/// Which levels stop adopting at which step: ways[t][level] (plus_way,
/// minus_way or both); level steps() is the owner's.
struct LevelDrops {
    std::vector<std::vector<unsigned>> ways;
};

/// The tree grown with `drops`, one step at a time from the coarsest, on
/// sets: each level's members and, when `keep_children` (for senders()),
/// each step's + and - children; a trial that only costs keeps none.
class LevelGrowth {
  public:
    LevelGrowth(const TrivanceBPlan& plan, const LevelDrops& drops, bool keep_children = false)
        : n_(plan.n),
          steps_(static_cast<int>(plan.steps.size())),
          levels_(static_cast<std::size_t>(steps_) + 1, RingBitset(plan.n)),
          placed_(plan.n),
          parents_(plan.n),
          plus_(plan.n),
          minus_(plan.n) {
        levels_.back().add(0);
        placed_.add(0);
        placed_count_ = 1;
        for (int t = steps_ - 1; t >= 0; --t) {
            const auto index = static_cast<std::size_t>(t);
            const StepDistances d = plan.steps[index];
            grow_side(t, d.plus, plus_way, drops.ways[index], plus_);
            grow_side(t, d.minus, minus_way, drops.ways[index], minus_);
            const StepPlacement placement = placement_of_children(plus_, minus_);
            blocks_ += least_step_link_blocks(d, placement);
            if (keep_children) steps_children_.push_back({plus_, minus_, placement});
            levels_[index].insert(plus_);
            levels_[index].insert(minus_);
            placed_.insert(plus_);
            placed_.insert(minus_);
            placed_count_ += children_count(placement);
        }
        std::reverse(steps_children_.begin(), steps_children_.end());
    }

    /// The cost, when every rank is reached.
    std::optional<std::int64_t> blocks() const {
        if (placed_count_ != n_) return std::nullopt;
        return blocks_;
    }

    /// Step t's adopters each way, two-way children split as the balanced rule does.
    StepSenders senders(int t, StepDistances d) const {
        assert(!steps_children_.empty() && "grown without keep_children");
        const StepChildren& step = steps_children_[static_cast<std::size_t>(t)];
        int plus_share = least_load_plus_share(d, step.placement);
        StepSenders senders;
        for (int x = 0; x < n_; ++x) {
            const bool plus = step.plus.has(x);
            const bool minus = step.minus.has(x);
            if (!plus && !minus) continue;
            if (plus && (!minus || plus_share-- > 0))
                senders.plus.push_back(wrap(x + d.plus, n_));
            else
                senders.minus.push_back(wrap(x - d.minus, n_));
        }
        std::sort(senders.plus.begin(), senders.plus.end());
        std::sort(senders.minus.begin(), senders.minus.end());
        return senders;
    }

  private:
    struct StepChildren {
        RingBitset plus;
        RingBitset minus;
        StepPlacement placement;
    };

    /// The unplaced x whose parent x + d (+) or x - d (-) is placed at a
    /// level that still adopts this way at t.
    void grow_side(int t, int d, unsigned way, const std::vector<unsigned>& dropped,
                   RingBitset& children) {
        parents_.clear();
        if (d != 0)
            for (int level = t + 1; level <= steps_; ++level)
                if ((dropped[static_cast<std::size_t>(level)] & way) == 0)
                    parents_.insert(levels_[static_cast<std::size_t>(level)]);
        grow_children(children, parents_, placed_, n_, d, way == plus_way);
    }

    int n_;
    int steps_;
    std::vector<RingBitset> levels_;
    RingBitset placed_;
    RingBitset parents_;
    RingBitset plus_;
    RingBitset minus_;
    int placed_count_ = 0;
    std::int64_t blocks_ = 0;
    std::vector<StepChildren> steps_children_;
};

}  // namespace

TrivanceBPlan with_level_drops(const TrivanceBPlan& full) {
    if (!full.senders.empty()) return full;
    const auto steps = static_cast<int>(full.steps.size());
    LevelDrops drops{std::vector<std::vector<unsigned>>(
        full.steps.size(), std::vector<unsigned>(full.steps.size() + 1, 0))};
    const std::optional<std::int64_t> start = LevelGrowth(full, drops).blocks();
    if (!start) return full;
    std::int64_t cost = *start;
    for (;;) {
        // The one drop more that lowers the cost most (the first on a tie).
        std::optional<LevelDrops> best;
        std::int64_t best_cost = cost;
        for (int t = 0; t < steps; ++t)
            for (int level = t + 1; level <= steps; ++level)
                for (unsigned ways : {plus_way, minus_way, plus_way | minus_way}) {
                    unsigned& now =
                        drops.ways[static_cast<std::size_t>(t)][static_cast<std::size_t>(level)];
                    if ((now | ways) == now) continue;
                    const unsigned was = now;
                    now |= ways;
                    if (const std::optional<std::int64_t> next = LevelGrowth(full, drops).blocks();
                        next && *next < best_cost) {
                        best_cost = *next;
                        best = drops;
                    }
                    now = was;
                }
        if (!best) break;
        drops = std::move(*best);
        cost = best_cost;
    }
    if (cost == *start) return full;
    const LevelGrowth growth(full, drops, true);
    TrivanceBPlan plan{full.n, full.steps,
                       std::vector<std::optional<StepSenders>>(full.steps.size())};
    for (int t = 0; t < steps; ++t) {
        const auto index = static_cast<std::size_t>(t);
        const bool dropped = std::any_of(drops.ways[index].begin(), drops.ways[index].end(),
                                         [](unsigned ways) { return ways != 0; });
        if (dropped) plan.senders[index] = growth.senders(t, full.steps[index]);
    }
    // The listed form costs what the sets did (the balanced split is the least).
    if (phase_link_blocks(plan) != cost)
        throw std::logic_error("trivance B level drops: plan " + plan_text(plan) +
                               " does not cost what its drops do");
    return plan;
}

RulePlan rule_plan_with_level_drops(int n) {
    RulePlan rule = plan_by_rule(n);
    TrivanceBPlan dropped = with_level_drops(rule.plan);
    if (dropped != rule.plan) {
        rule.plan = std::move(dropped);
        rule.name += "+drops";
    }
    return rule;
}

}  // namespace trivcheck
