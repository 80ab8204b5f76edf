#include "models/bruck.hpp"

#include <array>
#include <memory>
#include <stdexcept>

#include "models/ring_arithmetic.hpp"
#include "models/time_reversal.hpp"

namespace trivcheck {

namespace {

struct BruckRules {
    int ranks = 0;
    int steps = 0;
    Route route = Route::plus;
};

BruckRules bruck_rules(const GeneratorRequest& request) {
    if (request.topology.kind != TopologyKind::ring)
        throw NotApplicable("bruck is generated for rings only");
    BruckRules rules;
    rules.ranks = request.topology.rank_count();
    if (rules.ranks < 2) throw NotApplicable("bruck needs at least 2 ranks");
    if (request.route == "same")
        rules.route = Route::plus;
    else if (request.route == "shortest")
        rules.route = Route::shortest;
    else
        throw std::invalid_argument("unknown bruck route '" + request.route +
                                    "' (have: same, shortest)");
    rules.steps = ceil_log(rules.ranks, 3);
    return rules;
}

Schedule bruck_base(const GeneratorRequest& request, const BruckRules& rules) {
    Schedule schedule;
    const char* form = to_string(request.form);
    schedule.name = std::string("bruck-") + form + "-" + std::to_string(rules.ranks) +
                    (rules.route == Route::shortest ? "-shortest" : "");
    schedule.algo = "bruck";
    schedule.form = form;
    schedule.topology = request.topology;
    schedule.ranks = rules.ranks;
    return schedule;
}

Schedule bruck_latency(const GeneratorRequest& request) {
    const BruckRules rules = bruck_rules(request);
    Schedule schedule = bruck_base(request, rules);
    const int n = rules.ranks;
    schedule.blocks = 1;
    const BlockSet whole = BlockSet::all(1);
    for (int k = 0; k < rules.steps; ++k) {
        const auto distance = static_cast<int>(power(3, k));
        // Every rank holds 3^k contributions; the second peer is needed unless
        // the first one's 3^k already reach n (only in the last step).
        const bool second_peer = n - distance > distance;
        Step step{"allreduce", {}};
        step.transfers.reserve(2 * static_cast<std::size_t>(n));
        for (int r = 0; r < n; ++r) {
            step.transfers.push_back({r, wrap(r + distance, n), whole, Op::reduce, rules.route});
            if (second_peer)
                step.transfers.push_back(
                    {r, wrap(r + 2 * distance, n), whole, Op::reduce, rules.route});
        }
        schedule.steps.push_back(std::move(step));
    }
    return schedule;
}

Schedule bruck_bandwidth(const GeneratorRequest& request) {
    const BruckRules rules = bruck_rules(request);
    Schedule schedule = bruck_base(request, rules);
    const int n = rules.ranks;
    schedule.blocks = n;
    // patterns[k][c - 1]: the displacements y = (b - r) mod n whose lowest
    // non-zero base-3 digit is c at position k; rank r sends blocks r + y.
    std::vector<std::array<std::vector<int>, 2>> patterns(static_cast<std::size_t>(rules.steps));
    for (int y = 1; y < n; ++y) {
        int k = 0;
        int rest = y;
        while (rest % 3 == 0) {
            rest /= 3;
            ++k;
        }
        patterns[static_cast<std::size_t>(k)][static_cast<std::size_t>(rest % 3 - 1)].push_back(y);
    }
    std::vector<Step> reduce_scatter;
    for (int k = 0; k < rules.steps; ++k) {
        struct Peer {
            int distance;
            std::shared_ptr<const std::vector<int>> pattern;
        };
        std::vector<Peer> peers;
        for (int digit : {1, 2}) {
            auto& displacements =
                patterns[static_cast<std::size_t>(k)][static_cast<std::size_t>(digit - 1)];
            if (displacements.empty()) continue;
            peers.push_back({static_cast<int>(digit * power(3, k)),
                             BlockSet(std::move(displacements), n).pattern()});
        }
        // Rank-major order, every rank's transfers the first rank's rotated,
        // so the executor can recognise the rotation symmetry.
        Step step{"reduce_scatter", {}};
        step.transfers.reserve(peers.size() * static_cast<std::size_t>(n));
        for (int r = 0; r < n; ++r)
            for (const Peer& peer : peers)
                step.transfers.push_back({r, wrap(r + peer.distance, n),
                                          BlockSet(peer.pattern, r, n), Op::reduce, rules.route});
        reduce_scatter.push_back(std::move(step));
    }
    schedule.steps = reduce_scatter;
    for (Step& step : time_reversed_copies(reduce_scatter, "allgather"))
        schedule.steps.push_back(std::move(step));
    return schedule;
}

}  // namespace

Schedule generate_bruck(const GeneratorRequest& request) {
    return request.form == Form::L ? bruck_latency(request) : bruck_bandwidth(request);
}

}  // namespace trivcheck
