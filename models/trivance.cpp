#include "models/trivance.hpp"

#include <memory>
#include <stdexcept>

#include "models/ring_arithmetic.hpp"
#include "models/time_reversal.hpp"
#include "models/trivance_fold.hpp"

namespace trivcheck {

std::vector<int> trivance_distances(int n) {
    std::vector<int> distances;
    const int s = floor_log(n, 3);
    for (int k = 0; k < s; ++k) distances.push_back(static_cast<int>(power(3, k)));
    const int full = static_cast<int>(power(3, s));
    if (full != n) distances.push_back((n - full + 1) / 2);
    return distances;
}

ReductionTree trivance_reduction_tree(int n, const std::vector<int>& distances) {
    constexpr int unplaced = -2;
    constexpr int owner = -1;
    ReductionTree tree{std::vector<int>(static_cast<std::size_t>(n), unplaced),
                       std::vector<int>(static_cast<std::size_t>(n), 0)};
    tree.send_step[0] = owner;
    std::vector<int> placed{0};
    const int steps = static_cast<int>(distances.size());
    // Walk the reduce-scatter backwards: a node that sends later than t (or the
    // owner) can still receive at t, so it adopts the unplaced x -/+ d_t.
    for (int t = steps - 1; t >= 0; --t) {
        const int d = distances[static_cast<std::size_t>(t)];
        const std::size_t placed_before = placed.size();
        for (std::size_t i = 0; i < placed_before; ++i) {
            const int parent = placed[i];
            const int parent_step = tree.send_step[static_cast<std::size_t>(parent)];
            if (parent_step != owner && parent_step <= t) continue;
            for (int direction : {+1, -1}) {
                const int child = wrap(parent - direction * d, n);
                if (tree.send_step[static_cast<std::size_t>(child)] != unplaced) continue;
                tree.send_step[static_cast<std::size_t>(child)] = t;
                tree.direction[static_cast<std::size_t>(child)] = direction;
                placed.push_back(child);
            }
        }
    }
    for (int x = 0; x < n; ++x)
        if (tree.send_step[static_cast<std::size_t>(x)] == unplaced)
            throw std::logic_error("trivance reduction tree leaves displacement " +
                                   std::to_string(x) + " unplaced for n = " + std::to_string(n));
    return tree;
}

namespace {

Schedule trivance_base(const GeneratorRequest& request, const char* form) {
    if (request.topology.kind != TopologyKind::ring)
        throw NotApplicable("trivance is generated for rings only");
    const int n = request.topology.rank_count();
    if (n < 2) throw NotApplicable("trivance needs at least 2 ranks");
    Schedule schedule;
    schedule.name = std::string("trivance-") + form + "-" + std::to_string(n);
    schedule.algo = "trivance";
    schedule.form = form;
    schedule.topology = request.topology;
    schedule.ranks = n;
    return schedule;
}

Schedule trivance_latency(const GeneratorRequest& request) {
    // A synthesized last step (docs/synthesis.md) sends sums of separately kept
    // pieces; one value per block per rank cannot express that, and splitting
    // the vector into blocks would change what a block means, so no schedule
    // is produced rather than one the executor would misread.
    if (request.last_step == "synthesized")
        throw NotApplicable(
            "trivance L with a synthesized last step keeps partial sums separately, which "
            "trivcheck.schedule/1 cannot express; `trivcheck synth --n N` prints the plan and "
            "verifies it with the pieces executor (docs/synthesis.md)");
    if (request.last_step == "fold") return trivance_latency_fold(trivance_base(request, "L"));
    if (request.last_step != "published")
        throw std::invalid_argument("unknown trivance last step '" + request.last_step +
                                    "' (have: published, fold, synthesized)");
    return expand(trivance_latency_orbit(request));
}

Schedule trivance_bandwidth(const GeneratorRequest& request) {
    Schedule schedule = trivance_base(request, "B");
    const int n = schedule.ranks;
    schedule.blocks = n;
    const std::vector<int> distances = trivance_distances(n);
    const ReductionTree tree = trivance_reduction_tree(n, distances);
    const int steps = static_cast<int>(distances.size());

    // Rank r sends block b = r - x for every displacement x placed at step t;
    // as a pattern relative to r that is {-x}, shared by all ranks.
    std::vector<std::vector<int>> plus_pattern(static_cast<std::size_t>(steps));
    std::vector<std::vector<int>> minus_pattern(static_cast<std::size_t>(steps));
    for (int x = 1; x < n; ++x) {
        const auto t = static_cast<std::size_t>(tree.send_step[static_cast<std::size_t>(x)]);
        (tree.direction[static_cast<std::size_t>(x)] > 0 ? plus_pattern : minus_pattern)[t]
            .push_back(wrap(-x, n));
    }
    std::vector<Step> reduce_scatter;
    for (int t = 0; t < steps; ++t) {
        const int d = distances[static_cast<std::size_t>(t)];
        auto plus = BlockSet(plus_pattern[static_cast<std::size_t>(t)], n).pattern();
        auto minus = BlockSet(minus_pattern[static_cast<std::size_t>(t)], n).pattern();
        Step step{"reduce_scatter", {}};
        step.transfers.reserve(2 * static_cast<std::size_t>(n));
        for (int r = 0; r < n; ++r) {
            if (!plus->empty())
                step.transfers.push_back(
                    {r, wrap(r + d, n), BlockSet(plus, r, n), Op::reduce, Route::plus});
            if (!minus->empty())
                step.transfers.push_back(
                    {r, wrap(r - d, n), BlockSet(minus, r, n), Op::reduce, Route::minus});
        }
        reduce_scatter.push_back(std::move(step));
    }
    schedule.steps = reduce_scatter;
    for (Step& step : time_reversed_copies(reduce_scatter, "allgather"))
        schedule.steps.push_back(std::move(step));
    return schedule;
}

}  // namespace

RotationOrbit trivance_latency_orbit(const GeneratorRequest& request) {
    RotationOrbit orbit{trivance_base(request, "L")};
    Schedule& schedule = orbit.model;
    const int n = schedule.ranks;
    schedule.blocks = 1;
    // Rank 0 sends its whole accumulator to d and to -d; every rank r does the same turned by r.
    const BlockSet whole = BlockSet::all(1);
    for (int d : trivance_distances(n))
        schedule.steps.push_back({"allreduce",
                                  {{0, wrap(d, n), whole, Op::reduce, Route::plus},
                                   {0, wrap(-d, n), whole, Op::reduce, Route::minus}}});
    return orbit;
}

Schedule generate_trivance(const GeneratorRequest& request) {
    return request.form == Form::L ? trivance_latency(request) : trivance_bandwidth(request);
}

}  // namespace trivcheck
