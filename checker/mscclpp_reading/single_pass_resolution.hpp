#pragma once
#include <vector>

#include "checker/mscclpp/plan.hpp"
#include "checker/mscclpp_reading/plan_indexes.hpp"
#include "checker/mscclpp_reading/single_pass_blocks.hpp"

// What may come after what it refers to (a thread block's channels after its
// operations, a gpu's semaphores after its thread blocks) is kept raw while
// read, and checked here when the gpu, or the plan, is complete. Peers, named
// before the gpu count is known, are checked at the plan's end
// (plan_single_pass.cpp).

namespace trivcheck::mscclpp::detail {

/// Gives `gpu` its thread blocks `blocks`, every index into a list of the gpu
/// resolved, and its channels their ordinals; gives up where an index or a
/// thread block id is out of range.
void resolve_gpu(Gpu& gpu, std::vector<RawBlock>& blocks, const std::vector<RemoteBuffer>& remotes);

/// Gives up unless every range of `plan` lies within its buffer.
void check_chunk_bounds(const Plan& plan);

}  // namespace trivcheck::mscclpp::detail
