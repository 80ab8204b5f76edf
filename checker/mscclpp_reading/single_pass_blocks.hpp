#pragma once
#include "checker/formats/json_cursor.hpp"
#include "checker/mscclpp/plan.hpp"
#include "checker/mscclpp_reading/plan_indexes.hpp"

namespace trivcheck::mscclpp::detail {

/// A thread block as read: its operations' channels and remote ranges are
/// still positions in `indexes`, which its gpu's lists resolve
/// (single_pass_resolution.hpp).
struct RawBlock {
    ThreadBlock block;
    BlockIndexes indexes;
};

/// The thread block at `cursor`, its operations read.
RawBlock read_block(JsonCursor& cursor);

}  // namespace trivcheck::mscclpp::detail
