#include "checker/search/shard.hpp"

namespace trivcheck {

namespace {

constexpr int max_shard_count = 1'000'000;

/// A plain decimal number up to max_shard_count, or -1.
int shard_number(const std::string& digits) {
    if (digits.empty() || digits.size() > 7 ||
        digits.find_first_not_of("0123456789") != std::string::npos)
        return -1;
    const int value = std::stoi(digits);
    return value <= max_shard_count ? value : -1;
}

}  // namespace

Shard parse_shard(const std::string& text) {
    const auto slash = text.find('/');
    const int index = slash == std::string::npos ? -1 : shard_number(text.substr(0, slash));
    const int count = slash == std::string::npos ? -1 : shard_number(text.substr(slash + 1));
    if (index < 0 || count < 0)
        throw ShardError("expected i/k (shard i of k, 1 <= i <= k <= " +
                         std::to_string(max_shard_count) + "), got \"" + text + "\"");
    if (count == 0) throw ShardError("shard count must be at least 1, got \"" + text + "\"");
    if (index < 1 || index > count)
        throw ShardError("shard index must be between 1 and " + std::to_string(count) +
                         " (shards are numbered from 1), got \"" + text + "\"");
    return {index, count};
}

std::vector<int> select_shard(const std::vector<int>& sizes, Shard shard) {
    std::vector<int> selected;
    for (std::size_t position = static_cast<std::size_t>(shard.index - 1); position < sizes.size();
         position += static_cast<std::size_t>(shard.count))
        selected.push_back(sizes[position]);
    return selected;
}

}  // namespace trivcheck
