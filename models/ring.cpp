#include "models/ring.hpp"

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

Schedule generate_ring(const GeneratorRequest& request) {
    if (request.form != Form::B)
        throw NotApplicable("ring exists only in the bandwidth-optimal form (B)");
    if (request.topology.kind != TopologyKind::ring)
        throw NotApplicable("ring needs a ring topology");
    const int n = request.topology.rank_count();
    if (n < 2) throw NotApplicable("ring needs at least 2 ranks");

    Schedule schedule;
    schedule.name = "ring-B-" + std::to_string(n);
    schedule.algo = "ring";
    schedule.form = "B";
    schedule.topology = request.topology;
    schedule.ranks = n;
    schedule.blocks = 2 * n;
    const int block_count = schedule.blocks;
    // Rank r's block in step t is (r - t) on ring + and n + (r + t) on ring -:
    // after n-1 reductions block b is complete at rank b-1 (ring +) or b+1 (ring -).
    auto add_step = [&](const char* phase, int shift, Op op) {
        Step step{phase, {}};
        step.transfers.reserve(2 * static_cast<std::size_t>(n));
        for (int r = 0; r < n; ++r) {
            step.transfers.push_back({r, wrap(r + 1, n),
                                      BlockSet::single(wrap(r - shift, n), block_count), op,
                                      Route::plus});
            step.transfers.push_back({r, wrap(r - 1, n),
                                      BlockSet::single(n + wrap(r + shift, n), block_count), op,
                                      Route::minus});
        }
        schedule.steps.push_back(std::move(step));
    };
    for (int t = 0; t < n - 1; ++t) add_step("reduce_scatter", t, Op::reduce);
    for (int t = 0; t < n - 1; ++t) add_step("allgather", t - 1, Op::copy);
    return schedule;
}

}  // namespace trivcheck
