#pragma once
#include <stdexcept>
#include <string>
#include <vector>

namespace trivcheck {

/// A --shard value that does not parse; the message says what is expected.
struct ShardError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

/// Shard `index` of `count` (1-based, as in a CI matrix `shard: [1, 2, 3]`).
struct Shard {
    int index = 1;
    int count = 1;
};

/// Parses "i/k" with 1 <= i <= k <= 1000000; throws ShardError.
Shard parse_shard(const std::string& text);

/// The sizes at positions p (0-based, in the given order) with
/// p mod count == index - 1. Round-robin rather than contiguous blocks, so
/// every shard gets small and large n alike and finishes in similar time;
/// the k shards of one list are disjoint and together give the whole list.
std::vector<int> select_shard(const std::vector<int>& sizes, Shard shard);

}  // namespace trivcheck
