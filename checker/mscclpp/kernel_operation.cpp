#include "checker/mscclpp/kernel_operation.hpp"

#include <algorithm>

#include "checker/mscclpp/port_proxy.hpp"

namespace trivcheck::mscclpp {

OperationThreads operation_threads(const Operation& op) {
    switch (op.kind) {
        case OperationKind::nop:
        case OperationKind::barrier:
            return OperationThreads::join;
        case OperationKind::signal:
        case OperationKind::wait:
        case OperationKind::relaxed_signal:
        case OperationKind::relaxed_wait:
        case OperationKind::flush:
        case OperationKind::semaphore_acquire:
        case OperationKind::semaphore_release:
        case OperationKind::pipeline:
            return OperationThreads::first;
        default:
            // handleReadPutPackets' port branch: every thread reads the
            // packets, then __syncthreads, then tid < nOutputs push.
            return served_by_proxy(op) && op.kind != OperationKind::read_put_packets
                       ? OperationThreads::first
                       : OperationThreads::all;
    }
}

ThreadRanges thread_ranges(const Operation& op) {
    if (op.kind == OperationKind::flush) return {false, false};
    if (served_by_proxy(op)) return {op.kind == OperationKind::read_put_packets, false};
    return {};
}

ThreadPartition thread_partition(const Operation& op) {
    switch (op.kind) {
        case OperationKind::multi_load_reduce_store:
        case OperationKind::multi_store:
            return ThreadPartition::multimem;
        default:
            break;
    }
    for (std::size_t position = 0; position < op.sources.size(); ++position)
        if (waits_for_packets(op.kind, position)) return ThreadPartition::packets;
    for (std::size_t position = 0; position < op.destinations.size(); ++position)
        if (writes_packets(op.kind, position)) return ThreadPartition::packets;
    return ThreadPartition::plain;
}

bool get_indexes_swapped(const Operation& op) {
    if (op.kind != OperationKind::get) return false;
    const std::size_t count = std::min(op.sources.size(), op.destinations.size());
    for (std::size_t at = 0; at < count; ++at)
        if (op.sources[at].index != op.destinations[at].index ||
            op.sources[at].size != op.destinations[at].size)
            return true;
    return false;
}

Operation as_kernel_addresses(const Operation& op) {
    if (!get_indexes_swapped(op)) return op;
    Operation kernel = op;
    const std::size_t count = std::min(op.sources.size(), op.destinations.size());
    for (std::size_t at = 0; at < count; ++at) {
        // handleGet: size = inputBufferSizes[i]; local at srcOffsets[i],
        // remote at dstOffsets[i].
        kernel.sources[at].index = op.destinations[at].index;
        kernel.destinations[at].index = op.sources[at].index;
        kernel.destinations[at].size = op.sources[at].size;
    }
    return kernel;
}

}  // namespace trivcheck::mscclpp
