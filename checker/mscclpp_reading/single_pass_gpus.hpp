#pragma once
#include "checker/formats/json_cursor.hpp"
#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp::detail {

/// The gpu at `cursor`, its indexes resolved (its id is the caller's to
/// check against its position in the plan's `gpus`). Its peers and remote buffers name gpus the
/// plan may give later: `largest_gpu_named` is raised to each, for the plan to check against its
/// gpu count.
Gpu read_gpu(JsonCursor& cursor, int& largest_gpu_named);

}  // namespace trivcheck::mscclpp::detail
