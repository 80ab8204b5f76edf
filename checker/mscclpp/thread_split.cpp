#include "checker/mscclpp/thread_split.hpp"

namespace trivcheck::mscclpp {

namespace {

bool is_port_put(const Operation& op) {
    return op.channel_kind == ChannelKind::port &&
           (op.kind == OperationKind::put || op.kind == OperationKind::put_with_signal ||
            op.kind == OperationKind::put_with_signal_and_flush);
}

}  // namespace

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
            return is_port_put(op) ? OperationThreads::first : OperationThreads::all;
    }
}

ThreadPartition thread_partition(const Operation& op) {
    if (is_port_put(op)) return ThreadPartition::proxy;
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

}  // namespace trivcheck::mscclpp
