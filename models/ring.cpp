#include "models/ring.hpp"

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

RotationOrbit generate_ring_orbit(const GeneratorRequest& request) {
    if (request.form != Form::B)
        throw NotApplicable("ring exists only in the bandwidth-optimal form (B)");
    if (request.topology.kind != TopologyKind::ring)
        throw NotApplicable("ring needs a ring topology");
    const int n = request.topology.rank_count();
    if (n < 2) throw NotApplicable("ring needs at least 2 ranks");

    RotationOrbit orbit;
    Schedule& schedule = orbit.model;
    schedule.name = "ring-B-" + std::to_string(n);
    schedule.algo = "ring";
    schedule.form = "B";
    schedule.topology = request.topology;
    schedule.ranks = n;
    schedule.blocks = checked_block_count(2 * std::int64_t{n}, schedule.name);
    // Rank r's block in step t is (r - t) on ring + and n + (r + t) on ring -: after n-1
    // reductions block b is complete at rank b-1 (ring +) or b+1 (ring -). Rank 0's two
    // messages stand for every rank's; turning them by r gives rank r's.
    const BlockSet first_half = BlockSet::single(0, schedule.blocks);
    const BlockSet second_half = BlockSet::single(n, schedule.blocks);
    auto add_step = [&](const char* phase, int shift, Op op) {
        schedule.steps.push_back(
            {phase,
             {{0, 1, first_half.rotated(wrap(-shift, n)), op, Route::plus},
              {0, n - 1, second_half.rotated(wrap(shift, n)), op, Route::minus}}});
    };
    for (int t = 0; t < n - 1; ++t) add_step("reduce_scatter", t, Op::reduce);
    for (int t = 0; t < n - 1; ++t) add_step("allgather", t - 1, Op::copy);
    return orbit;
}

Schedule generate_ring(const GeneratorRequest& request) {
    return expand(generate_ring_orbit(request));
}

}  // namespace trivcheck
