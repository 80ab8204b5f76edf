#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace trivcheck {

/// A block-set string that does not parse (docs/schedule-format.md). The message names the
/// offending item, e.g. `item "5-2": empty range (5 > 2)`, and is meant to
/// follow a file name and JSON path.
struct BlockListError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

/// Parses docs/schedule-format.md's block-set string: comma-separated items `7`, `2-5`
/// (inclusive) or `1:27:3` (start:stop:stride, stop exclusive); spaces around
/// items are allowed. Every block must lie in [0, block_count), which is checked
/// before a range is expanded so a huge range costs nothing. Returns the
/// blocks in written order, duplicates kept (the caller decides what they
/// mean). Throws BlockListError.
std::vector<int> parse_block_list(std::string_view text, int block_count);

/// How many blocks parse_block_list would return, found without expanding
/// the ranges (so a reader can refuse a list too large before it exists);
/// throws BlockListError as parse_block_list does.
std::int64_t count_block_list(std::string_view text, int block_count);

/// The shortest string parse_block_list reads back as `sorted_blocks`
/// (ascending, unique, non-negative), among those that split the list into
/// consecutive pieces, each a single block, a run `a-b` or a progression
/// `start:stop:stride` (stop = last + 1) of three or more; where a piece and
/// plain numbers are equally short, the plain numbers. "" for an empty list.
std::string format_block_list(const std::vector<int>& sorted_blocks);

}  // namespace trivcheck
