#pragma once
#include <algorithm>
#include <cstddef>
#include <vector>

namespace trivcheck {

/// Zeller's ddmin: a 1-minimal subset of `items` (in their order) for which
/// `fails` still holds, assuming it holds for `items`. Tries each of n chunks
/// alone, then each complement, refining n until chunks are single items, so
/// no single item of the result can be removed. `fails` is called O(k^2) times
/// at worst for k items, far fewer when large parts go at once.
template <class Item, class Fails>
std::vector<Item> minimise_failing_subset(std::vector<Item> items, Fails&& fails) {
    std::size_t chunks = 2;
    while (items.size() >= 2) {
        const std::size_t size = items.size();
        chunks = std::min(chunks, size);
        auto chunk_bounds = [&](std::size_t i) {
            return std::pair{i * size / chunks, (i + 1) * size / chunks};
        };
        bool reduced = false;
        for (std::size_t i = 0; i < chunks && !reduced; ++i) {
            const auto [begin, end] = chunk_bounds(i);
            std::vector<Item> chunk(items.begin() + static_cast<std::ptrdiff_t>(begin),
                                    items.begin() + static_cast<std::ptrdiff_t>(end));
            if (fails(chunk)) {
                items = std::move(chunk);
                chunks = 2;
                reduced = true;
            }
        }
        for (std::size_t i = 0; i < chunks && !reduced && chunks > 2; ++i) {
            const auto [begin, end] = chunk_bounds(i);
            std::vector<Item> complement(items.begin(),
                                         items.begin() + static_cast<std::ptrdiff_t>(begin));
            complement.insert(complement.end(), items.begin() + static_cast<std::ptrdiff_t>(end),
                              items.end());
            if (fails(complement)) {
                items = std::move(complement);
                chunks = std::max<std::size_t>(chunks - 1, 2);
                reduced = true;
            }
        }
        if (reduced) continue;
        if (chunks >= size) break;
        chunks = std::min(size, 2 * chunks);
    }
    // ddmin never tries the empty set; a failure that needs nothing is the smallest of all.
    if (items.size() == 1 && fails(std::vector<Item>{})) items.clear();
    return items;
}

}  // namespace trivcheck
