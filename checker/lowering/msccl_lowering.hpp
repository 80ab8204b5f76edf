#pragma once
#include "models/msccl_program.hpp"
#include "models/schedule.hpp"

namespace trivcheck::msccl {

/// The limits of the runtime a lowered program is written for
/// (docs/msccl-export.md); limits_for gives each runtime's.
struct RuntimeLimits {
    /// Named in refusals ("RCCL", "microsoft/msccl").
    const char* runtime = "";
    Runtime which = Runtime::msccl;
    int steps_per_thread_block = 0;          // MSCCL_MAX_NUM_STEPS
    int thread_blocks_per_gpu = 0;           // MSCCL_MAX_NUM_THREAD_BLOCKS
    int max_count = 0;                       // cnt below MSCCL_MAX_COUNT
    int peer_thread_blocks_per_channel = 0;  // sending, and receiving, per gpu and channel
    /// Whether receives may forward (rcs, rrcs) and reduce (rrc): RCCL's kernel
    /// build runs neither, so its programs receive, reduce and send in three steps.
    bool full_ops = false;
};

/// The limits of `runtime` (rccl or msccl), from rules_of (models/msccl_program.hpp).
RuntimeLimits limits_for(Runtime runtime);

/// The synchronous schedule as an asynchronous MSCCL-IR program with the same
/// meaning (docs/msccl-export.md). Block b is chunk chunk_order(schedule)[b]
/// of gpu r's input buffer (in place: it is also the output), which puts the
/// blocks of a message next to each other where it can; scratch buffer k >= 1 is chunks
/// [(k - 1)·B, k·B) of the scratch buffer, followed by one fresh landing chunk
/// per received block. Each transfer is one message per run of consecutive
/// blocks (at most max_count), sent by the thread block of its connection and
/// received into landing chunks; a local thread block then copies or reduces
/// them into their buffers, so a step's sends read the state before its
/// reductions, as in the synchronous model. Waits (`depid`, `deps`, `hasdep`)
/// order every access after those it conflicts with: the program is free of
/// races and cannot deadlock with unbounded FIFOs. A schedule that double
/// counts lowers to a program that double counts: nothing is repaired.
/// Connections move to a further channel when a thread block is full.
/// Throws NotApplicable naming the limit the program cannot keep, or the
/// collective it cannot express.
/// By default the program is written for microsoft/msccl (full ops, 256 steps
/// a thread block), which the MSCCL++ export converts; `gen --format msccl`
/// writes RCCL's unless told otherwise.
Program lower_to_msccl(const Schedule& schedule,
                       const RuntimeLimits& limits = limits_for(Runtime::msccl));

/// What `gen --format msccl` writes for `runtime` (rccl or msccl): the
/// lowered program with `maxBytes` set below the smallest message size at
/// which it would hang on the runtime's bounded FIFOs
/// (checker/msccl/bounded_fifos.hpp; past that size a call carries fewer
/// chunks, a step makes more calls, and the runtime falls back to its own
/// algorithm for the larger calls). Throws NotApplicable when it hangs at
/// every size. `note`, when given, says why maxBytes is what it is.
Program export_to_msccl(const Schedule& schedule, Runtime runtime, std::string* note = nullptr);

}  // namespace trivcheck::msccl
