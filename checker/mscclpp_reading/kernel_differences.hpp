#pragma once
#include <string>

#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp {

/// Adds to `plan.warnings` (one line per kind, naming the first operation's
/// JSON path) what the MSCCL++ kernel does otherwise than the plan's names
/// say (docs/mscclpp.md, Reading), and throws InputError where that makes
/// the plan address chunks past a buffer:
/// * a `get` whose src_buff and dst_buff indexes differ: handleGet writes
///   the local buffer at the source's index from the remote buffer at the
///   destination's (kernel_operation.hpp); the run does the same;
/// * `pws`/`pwsf` on a memory channel: handlePut returns from its memory
///   branch before any signal; the run signals nothing;
/// * `flush` without `dst_buff`: handleFlush flushes the first op.nOutputs
///   port channels, none; the run orders nothing by it.
void note_kernel_differences(Plan& plan, const std::string& file_label);

}  // namespace trivcheck::mscclpp
