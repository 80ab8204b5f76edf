#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace trivcheck::mscclpp {

/// The channel an operation goes through (execution_plan.cc's
/// convertToChannelType). One byte each: a plan holds millions of ranges and
/// operations.
enum class ChannelKind : std::uint8_t { none, memory, port, switch_channel };

/// The operations execution_plan.cc's getOpType maps, one per name. One
/// byte: a plan holds millions of operations.
enum class OperationKind : std::uint8_t {
    nop,
    barrier,
    put,
    put_with_signal,
    put_with_signal_and_flush,
    get,
    copy,
    signal,
    wait,
    flush,
    reduce,
    reduce_send,
    read_reduce,
    read_reduce_send,
    put_packets,
    read_put_packets,
    reduce_send_packets,
    copy_packets,
    unpack_packets,
    reduce_packets,
    reduce_copy_packets,
    reduce_copy_send_packets,
    multi_load_reduce_store,
    multi_store,
    multi_store_packets,
    relaxed_signal,
    relaxed_wait,
    pipeline,
    semaphore_acquire,
    semaphore_release,
};

/// The kind a plan's `name` stands for; nothing for a name the executor
/// refuses ("Invalid operation type").
std::optional<OperationKind> operation_kind(std::string_view name);
/// The plan's name of `kind` ("pws", "rlxsignal", ...).
std::string_view operation_name(OperationKind kind);

/// Whether source `position` of a `kind` operation is read as packets from
/// the local scratch buffer, spinning on each packet's flag until the
/// writer's packet arrives (execution_kernel.hpp: `read(flag_)`).
bool waits_for_packets(OperationKind kind, std::size_t position);
/// Whether destination `position` of a `kind` operation is written as packets
/// (data and flag in one store).
bool writes_packets(OperationKind kind, std::size_t position);
/// put with signal (and flush) on a port channel: a put, then a signal on
/// the same channel. On a memory channel handlePut copies and returns before
/// any signal (execution_kernel.hpp): it signals nothing.
bool signals_after_put(OperationKind kind, ChannelKind channel);

}  // namespace trivcheck::mscclpp
