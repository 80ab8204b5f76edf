#pragma once
#include "checker/formats/json_cursor.hpp"
#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp::detail {

/// The gpu at `cursor`, element `position` of the plan's `gpus`, its indexes
/// resolved. Its peers and remote buffers name gpus the plan may give later:
/// `largest_gpu_named` is raised to each, for the plan to check against its
/// gpu count.
Gpu read_gpu(JsonCursor& cursor, int position, int& largest_gpu_named);

}  // namespace trivcheck::mscclpp::detail
