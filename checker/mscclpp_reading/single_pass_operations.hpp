#pragma once
#include "checker/formats/json_cursor.hpp"
#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp::detail {

/// The operation at `cursor`, element `index` of its thread block's `ops`; no
/// pipeline. Its channel ids are still positions in the thread block's
/// `channels`, and a remote range keeps the file's buffer_id in `gpu`, until
/// resolved (single_pass_resolution.hpp).
Operation read_operation(JsonCursor& cursor, int index);

}  // namespace trivcheck::mscclpp::detail
