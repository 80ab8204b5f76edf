#include "models/nccl/nccl_call.hpp"

#include <cstdint>
#include <string>

namespace trivcheck {

NcclCall nccl_call(const GeneratorRequest& request, int chunks_per_group) {
    NcclCall call{request.topology.rank_count(), request.channels, request.loops};
    if (call.ranks < 2)
        throw NotApplicable(request.algo + " needs at least 2 ranks (NCCL runs no kernel for one)");
    if (call.channels < 1 || call.channels > nccl_most_channels)
        throw NotApplicable(request.algo + " runs on 1 to " + std::to_string(nccl_most_channels) +
                            " channels (MAXCHANNELS), not " + std::to_string(call.channels));
    if (call.loops < 1)
        throw NotApplicable(request.algo + " needs at least one loop (--chunks), not " +
                            std::to_string(call.loops));
    checked_block_count(std::int64_t{call.channels} * call.loops * chunks_per_group, request.algo);
    return call;
}

RotationOrbit nccl_group_orbit(const GeneratorRequest& request, const NcclCall& call,
                               const std::string& variant) {
    RotationOrbit orbit;
    Schedule& schedule = orbit.model;
    schedule.name = request.algo + "-" + to_string(request.collective) + "-" +
                    std::to_string(call.ranks) + (variant.empty() ? "" : "-" + variant) + "-c" +
                    std::to_string(call.channels) + "-l" + std::to_string(call.loops);
    schedule.algo = request.algo;
    schedule.form = "B";
    schedule.collective = request.collective;
    schedule.topology = Topology::ring(call.ranks);
    schedule.ranks = call.ranks;
    schedule.blocks = call.channels * call.loops * call.ranks;
    schedule.ports = call.channels;
    return orbit;
}

Schedule on_whole_topology(const RotationOrbit& ring_orbit, const Topology& topology) {
    Schedule schedule = expand(ring_orbit);
    if (topology.kind != TopologyKind::ring) {
        schedule.topology = topology;
        for (Step& step : schedule.steps)
            for (Transfer& transfer : step.transfers) transfer.route = Route::shortest;
    }
    return schedule;
}

}  // namespace trivcheck
