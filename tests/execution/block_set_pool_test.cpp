#include "checker/core/block_set_pool.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

using trivcheck::BlockSet;
using trivcheck::BlockSetPool;

TEST_CASE("the block-set pool shares one pattern between rotations") {
    BlockSetPool pool(10);
    const BlockSet a = pool.make({0, 1, 4});
    const BlockSet b = pool.make({3, 4, 7});
    const BlockSet wrapped = pool.make({0, 3, 9});  // {9, 0, 3}: {0, 1, 4} rotated by 9
    const BlockSet other = pool.make({0, 1, 5});
    CHECK(a.sorted() == std::vector<int>{0, 1, 4});
    CHECK(b.sorted() == std::vector<int>{3, 4, 7});
    CHECK(wrapped.sorted() == std::vector<int>{0, 3, 9});
    CHECK(other.sorted() == std::vector<int>{0, 1, 5});
    CHECK(a.pattern() == b.pattern());
    CHECK(a.pattern() == wrapped.pattern());
    CHECK(a.pattern() != other.pattern());
    CHECK(pool.pattern_count() == 2);

    // Periodic sets and the extremes.
    CHECK(pool.make({0, 5}).pattern() == pool.make({2, 7}).pattern());
    CHECK(pool.make({3}).pattern() == pool.make({9}).pattern());
    CHECK(pool.make({0, 1, 2, 3, 4, 5, 6, 7, 8, 9}).sorted().size() == 10);
}

TEST_CASE("pooled block sets hold exactly the blocks given") {
    std::mt19937 random(99);
    for (int trial = 0; trial < 2000; ++trial) {
        const int modulus = 1 + static_cast<int>(random() % 40);
        BlockSetPool pool(modulus);
        std::vector<int> blocks;
        for (int block = 0; block < modulus; ++block)
            if (random() % 3 == 0) blocks.push_back(block);
        if (blocks.empty()) continue;
        const BlockSet set = pool.make(blocks);
        CHECK(set.sorted() == blocks);
        CHECK(set.modulus() == modulus);
        // Every rotation of the set gets the same pattern.
        const int shift = static_cast<int>(random() % static_cast<unsigned>(modulus));
        std::vector<int> rotated;
        for (int block : blocks) rotated.push_back((block + shift) % modulus);
        std::sort(rotated.begin(), rotated.end());
        CHECK(pool.make(rotated).pattern() == set.pattern());
        CHECK(pool.pattern_count() == 1);
    }
}
