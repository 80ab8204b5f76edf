#pragma once
#include "checker/core/program_layout.hpp"
#include "checker/msccl/flat_steps.hpp"
#include "checker/msccl/violation_sink.hpp"

namespace trivcheck::msccl {

/// RCCL's LL send ends without a barrier (msccl_kernel_impl.h: "LL.send is
/// the only situation where there is no barrier at the end"; RCCL dropped
/// MSCCL's sendWithBarrier), and a step's completion flag is stored by one
/// thread, `tid == nthreads-1`, after its own share (docs/msccl.md, Threads
/// of a thread block). So under `--runtime rccl`, in an LL program, the
/// threads of a thread block may still be reading an `s` step's source
/// chunks while
/// * the thread block's next steps run, up to the first that starts with a
///   barrier (a `depid` wait is followed by `barrier(nthreads)`) or ends with
///   one (every primitive but an LL send; a reduction); and
/// * a thread block that waits on the send's flag (`hasdep`) runs, until it
///   waits on a later step of the sender.
/// A step of either kind that writes one of those chunks races with the send
/// (`race`, both steps named), unless it is an LL receive into exactly the
/// chunks the send read (the same thread handles the same 8-byte lines).
void check_ll_send_barriers(const ProgramLayout& layout, const FlatSteps& steps,
                            ViolationSink& violations);

}  // namespace trivcheck::msccl
