#pragma once
// How the kernel runs one operation: which threads do it, how it deals its
// bytes to them, and where it addresses its buffers.
#include <cstdint>

#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp {

/// Which threads of a thread block do an operation (docs/mscclpp.md,
/// Threads). execution_kernel.hpp's op loop runs every operation on every
/// thread of the block with no barrier between operations:
enum class OperationThreads : std::uint8_t {
    /// nop (handleNop: __syncthreads) and barrier (DeviceSyncer::sync
    /// begins and ends with __syncthreads): every thread waits for every
    /// other, so what any did before is known to all after.
    join,
    /// signal, wait and their relaxed forms, flush, sem_acquire,
    /// sem_release: threads tid < nChannels (nOutputs, nDeviceSemaphores)
    /// only (handleSignal, handleWait, handleFlush, handleSemAcquire,
    /// handleSemRelease); a port channel's put, pws, pwsf: threads tid <
    /// nOutputs push the proxy's requests (handlePut's port branch, and
    /// handlePutPackets').
    first,
    /// Every other operation moves data split over all threads
    /// (mscclpp::copy(dst, src, size, threadIdx.x, blockDim.x) and the
    /// handlers' `for (idx = threadIdx.x; ...; idx += blockDim.x)` loops).
    all,
};

OperationThreads operation_threads(const Operation& op);

/// How an operation that moves data deals its bytes to threads: two
/// operations of one partition over the same bytes give every byte to the
/// same thread in both.
enum class ThreadPartition : std::uint8_t {
    /// 16 bytes a thread in turn from the range's start: mscclpp::copy
    /// (copy_device.hpp, detail::copy over longlong2 for aligned sizes) and
    /// the reductions' int4 loops (handleReduceSend, handleReadReduceSend).
    plain,
    /// One packet a thread in turn (8 bytes of data with LL16,
    /// packet_device.hpp): every operation that reads or writes packets.
    packets,
    /// NVLS multimem loads and stores (handleMultiLoadReduceStore,
    /// handleMultiStore): vectors sized by the operation; taken to match no
    /// other operation.
    multimem,
};

ThreadPartition thread_partition(const Operation& op);

/// Which of an operation's ranges its threads read or write themselves: a
/// flush's none (handleFlush only waits for the proxy); a port channel's
/// put, pws, pwsf and ppkt none and rppkt only its sources (the packets it
/// waits for): the proxy reads the source and writes the destination
/// (port_proxy.hpp).
struct ThreadRanges {
    bool sources = true;
    bool destinations = true;
};
ThreadRanges thread_ranges(const Operation& op);

/// Whether the kernel addresses `op`'s ranges otherwise than the plan names
/// them: a `get` whose source and destination indexes differ.
/// execution_kernel.hpp's handleGet writes the local buffer (the
/// destination's type) at the *source's* offset and reads the remote buffer
/// at the *destination's* offset (execution_plan.cc's setupOperation fills
/// inputOffsets from src_buff, outputOffsets from dst_buff), both of the
/// source's size.
bool get_indexes_swapped(const Operation& op);

/// `op` with its ranges as the kernel addresses them (get_indexes_swapped);
/// any other operation as it is.
Operation as_kernel_addresses(const Operation& op);

}  // namespace trivcheck::mscclpp
