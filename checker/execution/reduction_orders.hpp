#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "checker/execution/tree_replay.hpp"

namespace trivcheck {

/// The order of additions behind each followed block's final value
/// (docs/consistency.md), one line per block in tree_text's short form with
/// ranks as leaves: "block 3: ((4+5)+6)+3" when every rank holding it ends
/// with that tree, else "block 3: rank 0 adds …; rank 1 adds …" (the first
/// two that differ). At most `most_blocks` lines, each order cut after
/// `most_characters`; nothing when `trees` is empty (not followed). Interns
/// the trees it prints.
std::vector<std::string> reduction_order_lines(std::optional<ScheduleTrees>& trees,
                                               std::size_t most_blocks,
                                               std::size_t most_characters);

}  // namespace trivcheck
