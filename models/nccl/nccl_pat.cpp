#include "models/nccl/nccl_pat.hpp"

#include "models/nccl/nccl_call.hpp"
#include "models/time_reversal.hpp"

namespace trivcheck {

namespace {

/// The offsets t < n whose partials travel at distance `distance` (their lowbit).
std::vector<int> offsets_at(int distance, int n) {
    std::vector<int> offsets;
    for (int t = distance; t < n; t += 2 * distance) offsets.push_back(t);
    return offsets;
}

/// Rank 0's reduce-scatter: one step per distance 2^d (aggregated) or per
/// block (step), each channel's partials in its own message.
std::vector<Step> reduce_scatter_steps(const NcclCall& call, bool aggregated, int blocks) {
    const int n = call.ranks;
    std::vector<Step> steps;
    for (int loop = 0; loop < call.loops; ++loop)
        for (int distance = 1; distance < n; distance *= 2) {
            const std::vector<int> offsets = offsets_at(distance, n);
            // The step form: one partial a message, the farthest offset first.
            const std::size_t messages = aggregated ? 1 : offsets.size();
            for (std::size_t message = 0; message < messages; ++message) {
                Step& step = steps.emplace_back();
                step.phase = "reduce_scatter";
                for (int channel = 0; channel < call.channels; ++channel) {
                    std::vector<int> sent;
                    if (aggregated)
                        for (int t : offsets) sent.push_back(nccl_block(call, loop, channel, t, n));
                    else
                        sent.push_back(nccl_block(call, loop, channel,
                                                  offsets[offsets.size() - 1 - message], n));
                    step.transfers.push_back({0, distance, BlockSet(std::move(sent), blocks),
                                              Op::reduce, Route::shortest});
                }
            }
        }
    return steps;
}

}  // namespace

RotationOrbit generate_nccl_pat_orbit(const GeneratorRequest& request) {
    if (request.collective == Collective::allreduce)
        throw NotApplicable(
            "nccl_pat is NCCL's all-gather and reduce-scatter only "
            "(PatAGAlgorithm, PatRSAlgorithm); give --collective");
    if (request.pat_aggregation != "aggregated" && request.pat_aggregation != "step")
        throw NotApplicable("nccl_pat: --pat-aggregation is aggregated or step, not " +
                            request.pat_aggregation);
    const int n = request.topology.rank_count();
    const NcclCall call = nccl_call(request, n);
    RotationOrbit orbit = nccl_group_orbit(request, call, request.pat_aggregation);
    Schedule& schedule = orbit.model;
    schedule.steps =
        reduce_scatter_steps(call, request.pat_aggregation == "aggregated", schedule.blocks);
    if (request.collective == Collective::allgather)
        schedule.steps = time_reversed_copies(schedule.steps, "allgather");
    return orbit;
}

Schedule generate_nccl_pat(const GeneratorRequest& request) {
    return on_whole_topology(generate_nccl_pat_orbit(request), request.topology);
}

}  // namespace trivcheck
