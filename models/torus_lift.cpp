#include "models/torus_lift.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "models/rank_translations.hpp"
#include "models/rotation_symmetry.hpp"

namespace trivcheck {

std::vector<DimensionStep> round_robin_walk(int first, const std::vector<int>& begin,
                                            const std::vector<int>& count) {
    const auto dimensions = static_cast<int>(count.size());
    std::vector<int> next = begin;
    std::vector<int> left = count;
    int remaining = std::accumulate(count.begin(), count.end(), 0);
    std::vector<DimensionStep> walk;
    walk.reserve(static_cast<std::size_t>(remaining));
    for (int d = first; remaining > 0; d = (d + 1) % dimensions) {
        const auto i = static_cast<std::size_t>(d);
        if (left[i] == 0) continue;
        walk.push_back({d, next[i]++});
        --left[i];
        --remaining;
    }
    return walk;
}

namespace {

/// Steps of a ring schedule before its first copy: its reduce-scatter,
/// a fold's hand-in included.
int reduce_scatter_steps(const Schedule& ring) {
    for (std::size_t k = 0; k < ring.steps.size(); ++k)
        for (const Transfer& transfer : ring.steps[k].transfers)
            if (transfer.op == Op::copy) return static_cast<int>(k);
    return static_cast<int>(ring.steps.size());
}

/// The ring schedules' names without their size ("trivance-B-9" -> "trivance-B").
std::string torus_name(const Schedule& ring, const TorusShape& shape) {
    std::string name = ring.name;
    const auto dash = name.find_last_of('-');
    if (dash != std::string::npos &&
        name.find_first_not_of("0123456789", dash + 1) == std::string::npos)
        name.erase(dash);
    return name + "-" + shape.describe();
}

/// Lists a step's transfers by sender and its local operations by rank,
/// keeping each rank's order.
void order_by_rank(Step& step) {
    std::stable_sort(step.transfers.begin(), step.transfers.end(),
                     [](const Transfer& a, const Transfer& b) { return a.src < b.src; });
    std::stable_sort(step.local.begin(), step.local.end(),
                     [](const LocalOp& a, const LocalOp& b) { return a.rank < b.rank; });
}

class TorusLifter {
  public:
    /// `orbit_steps`: build the transfers and local operations of the
    /// representatives alone (an orbit's model): the ranks whose coordinate in
    /// each dimension d is below the least step its ring commutes with
    /// (rotation_symmetry_step, given per dimension; rank 0 alone when every
    /// step is 1). Without them, every rank's.
    TorusLifter(const std::vector<Schedule>& rings, const Topology& torus, Form form,
                std::optional<std::vector<int>> orbit_steps)
        : rings_(rings),
          shape_(torus.dims),
          form_(form),
          dimensions_(shape_.dimensions()),
          representatives_only_(orbit_steps.has_value()) {
        if (orbit_steps) steps_ = std::move(*orbit_steps);
        schedule_.name = torus_name(rings.front(), shape_);
        schedule_.algo = rings.front().algo;
        schedule_.form = rings.front().form;
        schedule_.topology = torus;
        schedule_.ranks = shape_.ranks();
        schedule_.ports = 2 * dimensions_;
        // In 64 bits, checked: the rings' block counts multiply past int
        // long before the ranks do (2 x 2^15 blocks in each of two dimensions).
        std::int64_t part_blocks = 1;
        for (const Schedule& ring : rings) {
            block_strides_.push_back(checked_block_count(part_blocks, schedule_.name));
            part_blocks *= ring.blocks;
            checked_block_count(part_blocks, schedule_.name);
        }
        part_blocks_ = static_cast<int>(part_blocks);
        schedule_.blocks = checked_block_count(dimensions_ * part_blocks, schedule_.name);
        for (int d = 0; d < dimensions_; ++d) {
            const Schedule& ring = rings_[static_cast<std::size_t>(d)];
            buffer_offsets_.push_back(schedule_.buffer_count() - 1);
            for (const std::string& name : ring.buffers)
                schedule_.buffers.push_back("dim" + std::to_string(d) + "_" + name);
            if (form == Form::B && ring.uses_buffers())
                throw NotApplicable(
                    "the B form is lifted to tori from ring schedules without "
                    "scratch buffers only");
            std::vector<std::vector<int>> lines;
            for (int u = 0; u < ring.ranks; ++u) lines.push_back(shape_.ranks_at(d, u));
            lines_.push_back(std::move(lines));
            if (!representatives_only_) steps_.push_back(rotation_symmetry_step(ring));
            std::vector<int> all(static_cast<std::size_t>(ring.blocks));
            std::iota(all.begin(), all.end(), 0);
            all_blocks_.push_back(std::move(all));
        }
        if (representatives_only_) find_representatives(torus);
    }

    Schedule build() {
        std::vector<std::vector<DimensionStep>> walks;
        for (int c = 0; c < dimensions_; ++c) walks.push_back(walk_of(c));
        // The B form's size is counted first, so that one too large is refused
        // before any of it is built.
        if (form_ == Form::B) {
            start_holding();
            for (std::size_t k = 0; k < walks.front().size(); ++k)
                for (int c = 0; c < dimensions_; ++c)
                    count_collective_step(c, walks[static_cast<std::size_t>(c)][k]);
        }
        start_holding();
        for (std::size_t k = 0; k < walks.front().size(); ++k) {
            Step step{rings_[static_cast<std::size_t>(walks[0][k].dimension)]
                          .steps[static_cast<std::size_t>(walks[0][k].ring_step)]
                          .phase,
                      {}};
            for (int c = 0; c < dimensions_; ++c)
                add_collective_step(c, walks[static_cast<std::size_t>(c)][k], step);
            order_by_rank(step);
            schedule_.steps.push_back(std::move(step));
        }
        return std::move(schedule_);
    }

  private:
    /// Every rank of every collective holds every block of every ring.
    void start_holding() {
        held_.assign(static_cast<std::size_t>(dimensions_), {});
        for (auto& per_collective : held_)
            for (const Schedule& ring : rings_)
                per_collective.emplace_back(static_cast<std::size_t>(ring.ranks),
                                            all_blocks_[per_collective.size()]);
    }

    /// What add_collective_step stores for the B form, counted and not built.
    void count_collective_step(int collective, const DimensionStep& at) {
        const int d = at.dimension;
        const Step& ring_step =
            rings_[static_cast<std::size_t>(d)].steps[static_cast<std::size_t>(at.ring_step)];
        for (const Transfer& transfer : ring_step.transfers)
            if (!line(d, transfer.src).empty())
                count_stored_blocks(collective, d, transfer.blocks.size());
        update_held(collective, d, ring_step);
    }

    std::vector<DimensionStep> walk_of(int collective) const {
        std::vector<int> zero(static_cast<std::size_t>(dimensions_), 0);
        std::vector<int> whole;
        bool buffered = false;
        for (const Schedule& ring : rings_) {
            whole.push_back(static_cast<int>(ring.steps.size()));
            buffered = buffered || ring.uses_buffers();
        }
        if (form_ == Form::L && !buffered) return round_robin_walk(collective, zero, whole);
        if (form_ == Form::L) {
            // Each dimension whole, in the cycle's order.
            std::vector<DimensionStep> walk;
            for (int j = 0; j < dimensions_; ++j) {
                const int d = (collective + j) % dimensions_;
                for (int s = 0; s < whole[static_cast<std::size_t>(d)]; ++s) walk.push_back({d, s});
            }
            return walk;
        }
        std::vector<int> reduce_scatter;
        std::vector<int> allgather;
        for (const Schedule& ring : rings_) {
            reduce_scatter.push_back(reduce_scatter_steps(ring));
            allgather.push_back(static_cast<int>(ring.steps.size()) - reduce_scatter.back());
        }
        std::vector<DimensionStep> walk = round_robin_walk(collective, zero, reduce_scatter);
        std::vector<int> next = reduce_scatter;
        if (allgather == reduce_scatter) {
            // The reverse walk: the all-gather undoes the dimensions in the opposite order.
            for (std::size_t j = walk.size(); j-- > 0;) {
                const int d = walk[j].dimension;
                walk.push_back({d, next[static_cast<std::size_t>(d)]++});
            }
        } else {
            for (const DimensionStep& step :
                 round_robin_walk(collective, reduce_scatter, allgather))
                walk.push_back(step);
        }
        return walk;
    }

    int map_buffer(int dimension, int buffer) const {
        return buffer == main_buffer
                   ? main_buffer
                   : buffer_offsets_[static_cast<std::size_t>(dimension)] + buffer;
    }

    /// Torus blocks of collective `collective`: ring blocks `sent` in `dimension`
    /// times, in every other dimension e, the ring blocks sets[e].
    BlockSet product(int collective, int dimension, const std::vector<int>& sent,
                     const std::vector<const std::vector<int>*>& sets) const {
        std::vector<int> blocks{collective * part_blocks_};
        for (int e = dimensions_ - 1; e >= 0; --e) {
            const std::vector<int>& factor =
                e == dimension ? sent : *sets[static_cast<std::size_t>(e)];
            const int stride = block_strides_[static_cast<std::size_t>(e)];
            std::vector<int> grown;
            grown.reserve(blocks.size() * factor.size());
            for (int base : blocks)
                for (int b : factor) grown.push_back(base + b * stride);
            blocks = std::move(grown);
        }
        return BlockSet(std::move(blocks), schedule_.blocks);
    }

    /// The other dimensions' ring blocks rank `rank` sends along with its
    /// blocks of `dimension`: all of them (L) or those it still reduces or holds (B).
    std::vector<const std::vector<int>*> other_sets(int collective, int dimension, int rank) const {
        std::vector<const std::vector<int>*> sets;
        for (int e = 0; e < dimensions_; ++e) {
            const auto i = static_cast<std::size_t>(e);
            if (e == dimension || form_ == Form::L)
                sets.push_back(&all_blocks_[i]);
            else
                sets.push_back(&held_[static_cast<std::size_t>(collective)][i]
                                     [static_cast<std::size_t>(shape_.coordinate(rank, e))]);
        }
        return sets;
    }

    void add_collective_step(int collective, const DimensionStep& at, Step& step) {
        const int d = at.dimension;
        const auto dimension = static_cast<std::size_t>(d);
        const Step& ring_step = rings_[dimension].steps[static_cast<std::size_t>(at.ring_step)];
        for (const std::size_t i : model_major(d, ring_step.local.size())) {
            const LocalOp& operation = ring_step.local[i];
            const BlockSet blocks =
                product(collective, d, operation.blocks.sorted(), other_sets(collective, d, 0));
            for (int rank : line(d, operation.rank))
                step.local.push_back({rank, map_buffer(d, operation.src_buffer),
                                      map_buffer(d, operation.dst_buffer), blocks, operation.op});
        }
        for (const std::size_t i : model_major(d, ring_step.transfers.size())) {
            const Transfer& transfer = ring_step.transfers[i];
            const int delta = (transfer.dst - transfer.src) * shape_.stride(d);
            const std::vector<int> sent = transfer.blocks.sorted();
            const std::vector<int>& senders = line(d, transfer.src);
            if (senders.empty()) continue;
            std::optional<BlockSet> shared;
            if (form_ == Form::L)
                shared = product(collective, d, sent, other_sets(collective, d, 0));
            for (int rank : senders) {
                BlockSet blocks =
                    shared ? *shared
                           : product(collective, d, sent, other_sets(collective, d, rank));
                // A B form's sender that holds nothing of the other dimensions
                // (recursive doubling's extra rank on a ring of 3) sends no
                // message: a transfer carries at least one block
                // (docs/schedule-format.md), so `gen` writes what `check` reads.
                if (blocks.empty()) continue;
                step.transfers.push_back(
                    {rank, rank + delta, std::move(blocks), transfer.op, transfer.route,
                     static_cast<BufferIndex>(map_buffer(d, transfer.src_buffer)),
                     static_cast<BufferIndex>(map_buffer(d, transfer.dst_buffer))});
            }
        }
        if (form_ == Form::B) update_held(collective, d, ring_step);
    }

    /// The order the lift takes `count` items of a step of ring `dimension` in:
    /// a ring that commutes with the rotations by k (rotation_symmetry_step)
    /// lists its items in n / k equal chunks, chunk t chunk 0 turned by k·t;
    /// they are taken chunk item by chunk item (item j of chunk 0, 1, ...,
    /// n / k - 1, then item j + 1), so that ranks a symmetry apart meet their
    /// own items in one order; any other ring's as listed.
    std::vector<std::size_t> model_major(int dimension, std::size_t count) const {
        std::vector<std::size_t> order(count);
        std::iota(order.begin(), order.end(), std::size_t{0});
        const int step = steps_[static_cast<std::size_t>(dimension)];
        if (step == 0 || count == 0) return order;
        const auto chunks = static_cast<std::size_t>(shape_.extent(dimension) / step);
        const std::size_t per_chunk = count / chunks;
        for (std::size_t k = 0; k < count; ++k) order[k] = k % chunks * per_chunk + k / chunks;
        return order;
    }

    /// The representatives (ascending), by their coordinate in each dimension:
    /// representatives_[d][u] for u below dimension d's step.
    void find_representatives(const Topology& torus) {
        representatives_.assign(static_cast<std::size_t>(dimensions_), {});
        for (int d = 0; d < dimensions_; ++d)
            representatives_[static_cast<std::size_t>(d)].resize(
                static_cast<std::size_t>(steps_[static_cast<std::size_t>(d)]));
        // In ascending rank order, as RankTranslations numbers them.
        const RankTranslations cosets =
            RankTranslations(torus.dims, {}).with_symmetry_steps(steps_);
        for (int index = 0; index < cosets.representatives(); ++index) {
            const int rank = cosets.representative(index);
            for (int d = 0; d < dimensions_; ++d)
                representatives_[static_cast<std::size_t>(d)]
                                [static_cast<std::size_t>(shape_.coordinate(rank, d))]
                                    .push_back(rank);
        }
    }

    /// The ranks that run what rank `ring_rank` of ring `dimension` runs: its
    /// line's, or for an orbit's model the representatives on it (none when
    /// `ring_rank` is not below the dimension's step).
    const std::vector<int>& line(int dimension, int ring_rank) const {
        static const std::vector<int> nobody;
        const auto d = static_cast<std::size_t>(dimension);
        const auto u = static_cast<std::size_t>(ring_rank);
        if (representatives_only_)
            return u < representatives_[d].size() ? representatives_[d][u] : nobody;
        return lines_[d][u];
    }

    /// Adds the block indices one ring transfer's lifted transfers store (the
    /// product of, per other dimension, the held blocks summed over its ring,
    /// or over the representatives' coordinates (below the step) for an
    /// orbit's model) and refuses before they pass the limit.
    void count_stored_blocks(int collective, int dimension, std::size_t sent) {
        double blocks = static_cast<double>(sent);
        for (int e = 0; e < dimensions_; ++e) {
            if (e == dimension) continue;
            std::size_t held = 0;
            const auto& per_ring_rank =
                held_[static_cast<std::size_t>(collective)][static_cast<std::size_t>(e)];
            const std::size_t ring_ranks =
                representatives_only_
                    ? static_cast<std::size_t>(steps_[static_cast<std::size_t>(e)])
                    : per_ring_rank.size();
            for (std::size_t u = 0; u < ring_ranks; ++u) held += per_ring_rank[u].size();
            blocks *= static_cast<double>(held);
        }
        stored_blocks_ += blocks;
        if (stored_blocks_ > kMostStoredBlocks)
            throw GeneratedScheduleTooLarge(
                schedule_.name + " would store more than " +
                std::to_string(static_cast<long long>(kMostStoredBlocks)) +
                " block indices, and its execution one contribution set per rank and block (" +
                std::to_string(static_cast<long long>(schedule_.ranks) * schedule_.blocks) +
                "): its rings do not all commute with the rotations by 1 or 2, so it has no "
                "translation orbit and is built and executed rank by rank (models/torus_lift.hpp)");
    }

    /// After a step: a reduce-scatter sender no longer reduces what it sent
    /// on; an all-gather receiver holds what it received.
    void update_held(int collective, int dimension, const Step& ring_step) {
        auto& held =
            held_[static_cast<std::size_t>(collective)][static_cast<std::size_t>(dimension)];
        const int blocks = rings_[static_cast<std::size_t>(dimension)].blocks;
        std::vector<std::vector<char>> member(held.size());
        for (std::size_t u = 0; u < held.size(); ++u) {
            member[u].assign(static_cast<std::size_t>(blocks), 0);
            for (int b : held[u]) member[u][static_cast<std::size_t>(b)] = 1;
        }
        for (const Transfer& transfer : ring_step.transfers) {
            const bool reduce = transfer.op == Op::reduce;
            auto& row = member[static_cast<std::size_t>(reduce ? transfer.src : transfer.dst)];
            transfer.blocks.for_each(
                [&](int b) { row[static_cast<std::size_t>(b)] = reduce ? 0 : 1; });
        }
        for (std::size_t u = 0; u < held.size(); ++u) {
            held[u].clear();
            for (int b = 0; b < blocks; ++b)
                if (member[u][static_cast<std::size_t>(b)]) held[u].push_back(b);
        }
    }

    /// 2^28 indices: 1 GiB, what a 2-core, 24 GiB machine shared by several runs can give.
    static constexpr double kMostStoredBlocks = 268435456.0;
    double stored_blocks_ = 0;
    const std::vector<Schedule>& rings_;
    TorusShape shape_;
    Form form_;
    int dimensions_;
    bool representatives_only_;
    Schedule schedule_;
    int part_blocks_ = 1;
    std::vector<int> block_strides_;
    std::vector<int> buffer_offsets_;
    /// lines_[d][u]: the torus ranks whose coordinate in d is u.
    std::vector<std::vector<std::vector<int>>> lines_;
    std::vector<std::vector<int>> all_blocks_;
    /// Per dimension: the least step its ring's rotations commute by
    /// (rotation_symmetry_step), 0 if none.
    std::vector<int> steps_;
    /// representatives_[d][u]: an orbit's representatives whose coordinate in d is u.
    std::vector<std::vector<std::vector<int>>> representatives_;
    /// held_[collective][d][u]: ring-d blocks (sorted) rank u of ring d still
    /// reduces (reduce-scatter) or holds in full (all-gather), for that collective.
    std::vector<std::vector<std::vector<std::vector<int>>>> held_;
};

}  // namespace

Schedule lift_rings_to_torus(const std::vector<Schedule>& rings, const Topology& torus, Form form) {
    if (rings.size() != torus.dims.size() || rings.empty())
        throw std::invalid_argument("lift_rings_to_torus needs one ring schedule per dimension");
    return TorusLifter(rings, torus, form, std::nullopt).build();
}

namespace {

/// The symmetry steps by which lifting `rings` gives a torus schedule that
/// commutes with the translations by construction: per dimension the least
/// step (1 or 2) its ring's rotations commute by. nullopt when a ring has
/// none, or when every step is its ring's extent (no translation but the
/// identity: the orbit would be the whole schedule).
std::optional<std::vector<int>> lifts_symmetrically(const std::vector<Schedule>& rings) {
    // Every ring's blocks stay put (one block) or come in k groups of its n (RankTranslations).
    const Schedule& first = rings.front();
    const int groups = first.blocks == 1 ? 0 : first.blocks / first.ranks;
    std::vector<int> steps;
    for (const Schedule& ring : rings) {
        if (ring.collective != Collective::allreduce) return std::nullopt;
        if (ring.blocks != (groups == 0 ? 1 : groups * ring.ranks)) return std::nullopt;
        if (groups != 0)
            for (const Step& step : ring.steps)
                if (!step.local.empty()) return std::nullopt;
        steps.push_back(rotation_symmetry_step(ring));
        if (steps.back() == 0) return std::nullopt;
    }
    // Steps as long as every extent (rings of 2 not symmetric by 1): every rank a representative.
    bool some_symmetry = false;
    for (std::size_t d = 0; d < rings.size(); ++d)
        some_symmetry = some_symmetry || steps[d] < rings[d].ranks;
    if (!some_symmetry) return std::nullopt;
    return steps;
}

}  // namespace

std::optional<RotationOrbit> lift_rings_to_torus_orbit(const std::vector<Schedule>& rings,
                                                       const Topology& torus, Form form) {
    if (rings.size() != torus.dims.size() || rings.empty())
        throw std::invalid_argument(
            "lift_rings_to_torus_orbit needs one ring schedule per dimension");
    const std::optional<std::vector<int>> steps = lifts_symmetrically(rings);
    if (!steps) return std::nullopt;
    RotationOrbit orbit{TorusLifter(rings, torus, form, steps).build()};
    if (std::any_of(steps->begin(), steps->end(), [](int step) { return step != 1; }))
        orbit.symmetry_steps = *steps;
    return orbit;
}

}  // namespace trivcheck
