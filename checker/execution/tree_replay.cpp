#include "checker/execution/tree_replay.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "checker/core/order_check_names.hpp"
#include "models/symmetric_orbit.hpp"
#include "models/xor_symmetry.hpp"

namespace trivcheck {

namespace {

/// One block a step brings to a cell: from cell `source` of the state before
/// the step, taken in the receiver rule's order (translation to the sender,
/// then place in the whole step).
struct TreeArrival {
    std::uint32_t cell;
    std::uint32_t source;
    int delta;
    std::uint32_t index;
    Op op;
};

/// Trees of the followed blocks at every rank and buffer, absolute (a leaf is
/// the contributor rank). `orbit`: the steps are a model to translate by every
/// symmetry; otherwise they are whole.
class TreeReplay {
  public:
    TreeReplay(const Schedule& schedule, const RankTranslations& translations, bool orbit)
        : schedule_(schedule), translations_(translations), orbit_(orbit) {
        followed_of_.assign(static_cast<std::size_t>(schedule.blocks), -1);
        for (int block = 0; block < schedule.blocks; ++block) {
            const int position = translations.block_position(block);
            if (!orbit || !translations.blocks_move() ||
                (position == translations.representative_of(position))) {
                followed_of_[static_cast<std::size_t>(block)] = static_cast<int>(followed_.size());
                followed_.push_back(block);
            }
        }
    }

    /// Block deliveries the replay makes: what it costs.
    std::uint64_t deliveries() const {
        std::uint64_t total = 0;
        for (const Step& step : schedule_.steps)
            for (const Transfer& transfer : step.transfers)
                total += transfer.blocks.size() * per_model_block();
        return total;
    }

    /// Trees kept at once: every rank's, of every buffer, of the blocks followed.
    std::uint64_t cell_count() const {
        return static_cast<std::uint64_t>(schedule_.ranks) *
               static_cast<std::uint64_t>(schedule_.buffer_count()) * followed_.size();
    }

    ScheduleTrees run() {
        // Each sum is made once; only the outputs compared are interned (tree_replay.hpp).
        result_.trees.remember_sums(false);
        const auto ranks = static_cast<std::size_t>(schedule_.ranks);
        cells_.assign(ranks * static_cast<std::size_t>(schedule_.buffer_count()) * followed_.size(),
                      ReductionTrees::none);
        copied_.assign(cells_.size(), 0);
        for (int rank = 0; rank < schedule_.ranks; ++rank)
            for (std::size_t f = 0; f < followed_.size(); ++f)
                if (schedule_.collective != Collective::allgather ||
                    schedule_.owner_of_block(followed_[f]) == rank)
                    cells_[cell(rank, main_buffer, f)] = result_.trees.leaf(rank);
        for (const Step& step : schedule_.steps) {
            run_local(step);
            deliver(step);
        }
        for (std::size_t f = 0; f < followed_.size(); ++f) {
            result_.finals.chunks.push_back(followed_[f]);
            std::vector<TreeId>& ranks_trees = result_.finals.trees.emplace_back();
            for (int rank = 0; rank < schedule_.ranks; ++rank)
                ranks_trees.push_back(schedule_.collective == Collective::reduce_scatter &&
                                              schedule_.owner_of_block(followed_[f]) != rank
                                          ? ReductionTrees::none
                                          : cells_[cell(rank, main_buffer, f)]);
        }
        intern_where_ranks_differ(result_.trees, result_.finals);
        return std::move(result_);
    }

  private:
    std::size_t cell(int rank, int buffer, std::size_t followed) const {
        return (static_cast<std::size_t>(rank) *
                    static_cast<std::size_t>(schedule_.buffer_count()) +
                static_cast<std::size_t>(buffer)) *
                   followed_.size() +
               followed;
    }
    /// Whole blocks one model block stands for, in the followed blocks.
    std::uint64_t per_model_block() const {
        if (!orbit_) return 1;
        return translations_.blocks_move() ? followed_.size()
                                           : static_cast<std::uint64_t>(translations_.symmetries());
    }
    /// Calls visit(translation, symmetry index) for every translation the
    /// steps stand under: the identity alone for whole steps.
    template <class Visit>
    void for_each_symmetry(Visit&& visit) const {
        if (!orbit_) return visit(0, 0);
        for (int index = 0; index < translations_.symmetries(); ++index)
            visit(translations_.symmetry(index), index);
    }
    /// Calls visit(translation, symmetry index, followed) for every whole
    /// block that model block `block` is under some symmetry and that is followed.
    template <class Visit>
    void for_each_whole_block(int block, Visit&& visit) const {
        if (!orbit_ || !translations_.blocks_move()) {
            const int followed = followed_of_[static_cast<std::size_t>(block)];
            if (followed >= 0)
                for_each_symmetry([&](int translation, int index) {
                    visit(translation, index, static_cast<std::size_t>(followed));
                });
            return;
        }
        for (std::size_t f = 0; f < followed_.size(); ++f) {
            const int translation = translations_.difference(
                translations_.block_position(followed_[f]), translations_.block_position(block));
            if (translations_.representative_index(translation) != 0 ||
                translations_.translate_block(block, translation) != followed_[f])
                continue;
            visit(translation, translations_.symmetry_index(translation), f);
        }
    }

    /// The step's local operations, one after the other in the whole step's order.
    void run_local(const Step& step) {
        if (step.local.empty()) return;
        for_each_symmetry([&](int translation, int) {
            for (const LocalOp& operation : step.local) {
                const int rank = translations_.add(operation.rank, translation);
                operation.blocks.for_each([&](int block) {
                    const int whole = translations_.translate_block(block, translation);
                    const int followed = followed_of_[static_cast<std::size_t>(whole)];
                    if (followed < 0) return;
                    const auto f = static_cast<std::size_t>(followed);
                    const TreeId source = cells_[cell(rank, operation.src_buffer, f)];
                    TreeId& target = cells_[cell(rank, operation.dst_buffer, f)];
                    target = operation.op == Op::copy ? source : result_.trees.add(target, source);
                });
            }
        });
    }

    void deliver(const Step& step) {
        arrivals_.clear();
        const auto count = static_cast<std::uint32_t>(step.transfers.size());
        // Whole steps: the transfers in the rule's order give their arrivals in that order.
        order_.resize(count);
        for (std::uint32_t j = 0; j < count; ++j) order_[j] = j;
        std::vector<int> deltas(count);
        for (std::uint32_t j = 0; j < count; ++j)
            deltas[j] = translations_.difference(step.transfers[j].src, step.transfers[j].dst);
        std::stable_sort(order_.begin(), order_.end(),
                         [&](std::uint32_t a, std::uint32_t b) { return deltas[a] < deltas[b]; });
        for (const std::uint32_t j : order_) {
            const Transfer& transfer = step.transfers[j];
            transfer.blocks.for_each([&](int block) {
                for_each_whole_block(block, [&](int translation, int index, std::size_t f) {
                    const int src = translations_.add(transfer.src, translation);
                    const int dst = translations_.add(transfer.dst, translation);
                    arrivals_.push_back(
                        {static_cast<std::uint32_t>(cell(dst, transfer.dst_buffer, f)),
                         static_cast<std::uint32_t>(cell(src, transfer.src_buffer, f)), deltas[j],
                         static_cast<std::uint32_t>(index) * count + j, transfer.op});
                });
            });
        }
        // An orbit's translations interleave the places: ordered again (a whole step's are).
        if (orbit_)
            std::stable_sort(arrivals_.begin(), arrivals_.end(),
                             [](const TreeArrival& a, const TreeArrival& b) {
                                 return a.delta != b.delta ? a.delta < b.delta : a.index < b.index;
                             });
        // Every send reads the state before the step: what each arrival brings
        // is taken first, then written in place. Only the cells the step
        // touches are visited (a copy of every cell a step made ring B on
        // 200,000 ranks quadratic: minutes).
        sent_.resize(arrivals_.size());
        for (std::size_t a = 0; a < arrivals_.size(); ++a) sent_[a] = cells_[arrivals_[a].source];
        for (std::size_t a = 0; a < arrivals_.size(); ++a)
            if (arrivals_[a].op == Op::copy && !copied_[arrivals_[a].cell]) {
                copied_[arrivals_[a].cell] = 1;
                cells_[arrivals_[a].cell] = sent_[a];
            }
        for (std::size_t a = 0; a < arrivals_.size(); ++a)
            if (arrivals_[a].op == Op::reduce)
                cells_[arrivals_[a].cell] = result_.trees.add(cells_[arrivals_[a].cell], sent_[a]);
        for (const TreeArrival& arrival : arrivals_) copied_[arrival.cell] = 0;
    }

    const Schedule& schedule_;
    const RankTranslations& translations_;
    bool orbit_;
    std::vector<int> followed_;
    std::vector<int> followed_of_;  // [block] -> index in followed_, or -1
    std::vector<TreeId> cells_;
    std::vector<TreeId> sent_;          // [arrival]: its source's tree before the step
    std::vector<std::uint8_t> copied_;  // [cell]: a copy arrived this step (cleared after it)
    std::vector<std::uint32_t> order_;
    std::vector<TreeArrival> arrivals_;
    ScheduleTrees result_;
};

std::optional<ScheduleTrees> replay(const Schedule& schedule, const RankTranslations& translations,
                                    bool orbit, std::uint64_t most = kMostTreeDeliveries) {
    TreeReplay replay(schedule, translations, orbit);
    if (replay.deliveries() + replay.cell_count() > most) return std::nullopt;
    return replay.run();
}

std::optional<ScheduleTrees> whole_trees(const Schedule& schedule, std::uint64_t most) {
    // Any translations do for whole steps: they order a receiver's messages alike at every rank.
    const RankTranslations translations = schedule.topology.kind == TopologyKind::torus
                                              ? RankTranslations(schedule.topology.dims, {})
                                              : RankTranslations::ring(schedule.ranks, 1);
    return replay(schedule, translations, false, most);
}

}  // namespace

std::optional<ScheduleTrees> replay_trees(const Schedule& schedule) {
    return whole_trees(schedule, kMostTreeDeliveries);
}

std::optional<ScheduleTrees> replay_trees(const RotationOrbit& orbit) {
    const RankTranslations translations = orbit_translations(orbit);
    return replay(orbit.model, translations, true);
}

std::optional<ScheduleTrees> replay_trees(const Schedule& model,
                                          const RankTranslations& translations) {
    return replay(model, translations, true);
}

std::optional<ScheduleTrees> schedule_trees(const Schedule& schedule, bool use_symmetry) {
    const std::optional<RotationOrbit> orbit = symmetric_orbit(schedule);
    const std::optional<RankTranslations> translations =
        orbit ? std::nullopt : xor_symmetry(schedule);
    if (use_symmetry && orbit) return replay_trees(*orbit);
    if (use_symmetry && translations)
        return replay_trees(first_share(schedule, schedule.ranks), *translations);
    // Whole: a B form without a symmetry costs n^2, kept to small n. The limit
    // follows whether a symmetry exists, not whether it is used, so that the
    // plain path decides what the fast path decides.
    return whole_trees(schedule,
                       orbit || translations ? kMostTreeDeliveries : kMostWholeTreeDeliveries);
}

void add_order_checks(const std::optional<ScheduleTrees>& trees, Collective collective,
                      Report& report) {
    if (!trees) {
        report.checks[rank_consistency_check] = {
            Verdict::not_applicable,
            "too many block deliveries to follow reduction trees (more than " +
                std::to_string(kMostWholeTreeDeliveries) + " without a rank symmetry, " +
                std::to_string(kMostTreeDeliveries) + " with one)"};
        return;
    }
    if (collective == Collective::reduce_scatter)
        report.checks[rank_consistency_check] = {
            Verdict::not_applicable, "a reduce-scatter leaves each block at one rank only"};
    else
        report.checks[rank_consistency_check] =
            rank_consistency(trees->trees, trees->finals,
                             {"rank", "block", [](int, int rank) { return std::to_string(rank); }});
    report.reduction_depth = reduction_depth(trees->trees, trees->finals);
}

}  // namespace trivcheck
