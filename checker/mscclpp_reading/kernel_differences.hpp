#pragma once
#include <span>
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

class PlanFields;

/// A port put, pws, pwsf, ppkt, rppkt or flush (`op`, at JSON path `path`)
/// with fewer `channel_ids` than `dst_buff` entries: the kernel's thread tid
/// pushes destination tid through channelIndexes[tid], which setupOperation
/// leaves 0 past the list, so those go through the thread block's first
/// port channel (`block_port_channels`' first); the same here, with a
/// warning in `fields`. Throws InputError when the thread block has no
/// port channel (the kernel would use a zeroed channel handle).
void default_port_channel_ids(Operation& op, std::span<const int> block_port_channels,
                              PlanFields& fields, const std::string& path);

}  // namespace trivcheck::mscclpp
