#include "models/nccl/nccl_ring.hpp"

#include <algorithm>

#include "models/nccl/nccl_call.hpp"
#include "models/ring_arithmetic.hpp"

namespace trivcheck {

namespace {

/// What ring index 0 sends to ring index 1 in step t of a loop: the chunk,
/// and whether the receiver adds it (recvReduce*) or keeps it (recvCopy*, recv).
struct RingSend {
    int chunk;
    Op op;
};

/// runRing in all_reduce.h: send chunk i−1; recvReduceSend of chunk i−j for
/// j = 2..n−1; directRecvReduceCopySend of chunk i; directRecvCopySend of
/// chunk i−j for j = 1..n−2; directRecv of chunk i+1. Rank i's send in step t
/// is its primitive t's, which rank i+1 receives with its primitive t+1.
RingSend all_reduce_send(int step, int n) {
    if (step < n - 1) return {wrap(-1 - step, n), Op::reduce};
    return {wrap(-(step - (n - 1)), n), Op::copy};
}

/// runRing in reduce_scatter.h: send the block of userRanks[n−1] (i−1);
/// recvReduceSend of userRanks[n−j] (i−j) for j = 2..n−1; recvReduceCopy of
/// its own block, the last receive.
RingSend reduce_scatter_send(int step, int n) { return {wrap(-1 - step, n), Op::reduce}; }

/// runRing in all_gather.h: send its own block (userRanks[0] = i);
/// recvCopySend of userRanks[n−j] (i−j) for j = 1..n−2; recv of userRanks[1].
RingSend all_gather_send(int step, int n) { return {wrap(-step, n), Op::copy}; }

int steps_per_loop(Collective collective, int n) {
    return collective == Collective::allreduce ? 2 * (n - 1) : n - 1;
}

RingSend ring_send(Collective collective, int step, int n) {
    switch (collective) {
        case Collective::allreduce:
            return all_reduce_send(step, n);
        case Collective::reduce_scatter:
            return reduce_scatter_send(step, n);
        case Collective::allgather:
            break;
    }
    return all_gather_send(step, n);
}

const char* ring_phase(Collective collective, int step, int n) {
    if (collective == Collective::allreduce) return step < n - 1 ? "reduce_scatter" : "allgather";
    return to_string(collective);
}

}  // namespace

RotationOrbit generate_nccl_ring_orbit(const GeneratorRequest& request) {
    const int n = request.topology.rank_count();
    const NcclCall call = nccl_call(request, n);
    RotationOrbit orbit = nccl_group_orbit(request, call, "");
    Schedule& schedule = orbit.model;
    for (int loop = 0; loop < call.loops; ++loop)
        for (int step = 0; step < steps_per_loop(request.collective, n); ++step) {
            Step& added = schedule.steps.emplace_back();
            added.phase = ring_phase(request.collective, step, n);
            const RingSend send = ring_send(request.collective, step, n);
            for (int channel = 0; channel < call.channels; ++channel)
                added.transfers.push_back(
                    {0, 1,
                     BlockSet::single(nccl_block(call, loop, channel, send.chunk, n),
                                      schedule.blocks),
                     send.op, Route::plus});
        }
    return orbit;
}

Schedule generate_nccl_ring(const GeneratorRequest& request) {
    return on_whole_topology(generate_nccl_ring_orbit(request), request.topology);
}

std::vector<std::vector<std::int64_t>> nccl_ring_chunk_elements(std::int64_t channel_count,
                                                                std::int64_t chunk_count, int n,
                                                                int element_size) {
    std::vector<std::vector<std::int64_t>> loops;
    const std::int64_t loop_count = n * chunk_count;
    const std::int64_t alignment = std::max(1, 16 / element_size);
    for (std::int64_t offset = 0; offset < channel_count; offset += loop_count) {
        const std::int64_t rest = channel_count - offset;
        std::int64_t chunk = chunk_count;
        if (rest < loop_count) {
            const std::int64_t share = (rest + n - 1) / n;
            chunk = (share + alignment - 1) / alignment * alignment;
        }
        std::vector<std::int64_t>& elements = loops.emplace_back();
        for (int k = 0; k < n; ++k)
            elements.push_back(std::clamp<std::int64_t>(rest - k * chunk, 0, chunk));
    }
    return loops;
}

}  // namespace trivcheck
