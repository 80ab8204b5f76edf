#include "checker/core/block_list_text.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

using trivcheck::BlockListError;
using trivcheck::format_block_list;
using trivcheck::parse_block_list;

TEST_CASE("block-set strings parse into the blocks they name, in written order") {
    struct Case {
        const char* text;
        int block_count;
        std::vector<int> blocks;
    };
    const Case cases[] = {
        {"7", 8, {7}},
        {"0", 1, {0}},
        {"2-5", 6, {2, 3, 4, 5}},
        {"3-3", 4, {3}},
        {"1:27:3", 27, {1, 4, 7, 10, 13, 16, 19, 22, 25}},
        {"0:9:4", 9, {0, 4, 8}},
        {"5:6:100", 6, {5}},
        {"9,1-2,4:8:3", 10, {9, 1, 2, 4, 7}},
        {" 1 , 3-4 ,\t6 ", 7, {1, 3, 4, 6}},
    };
    for (const Case& c : cases) {
        CAPTURE(c.text);
        CHECK(parse_block_list(c.text, c.block_count) == c.blocks);
    }
}

TEST_CASE("bad block-set strings are rejected with the item and the reason") {
    struct Case {
        const char* text;
        int block_count;
        const char* error;
    };
    const Case cases[] = {
        {"", 4, "expected at least one block"},
        {"  ", 4, "expected at least one block"},
        {"1,,2", 4, "item 2 is empty"},
        {"1,", 4, "item 2 is empty"},
        {",1", 4, "item 1 is empty"},
        {"x", 4, "item \"x\": expected a block number, a range a-b or start:stop:stride"},
        {"1;2", 4, "item \"1;2\": expected a block number, a range a-b or start:stop:stride"},
        {"1 2", 4, "item \"1 2\": expected a block number, a range a-b or start:stop:stride"},
        {"1-", 4, "item \"1-\": expected a block number, a range a-b or start:stop:stride"},
        {"1-2-3", 4, "item \"1-2-3\": expected a block number, a range a-b or start:stop:stride"},
        {"1:3", 4, "item \"1:3\": expected a block number, a range a-b or start:stop:stride"},
        {"1:3:1:1", 4,
         "item \"1:3:1:1\": expected a block number, a range a-b or start:stop:stride"},
        {"+1", 4, "item \"+1\": expected a block number, a range a-b or start:stop:stride"},
        {"-3", 4, "item \"-3\": negative block number"},
        {"2--3", 4, "item \"2--3\": negative block number"},
        {"0:-4:1", 4, "item \"0:-4:1\": negative block number"},
        {"0:4:-1", 4, "item \"0:4:-1\": negative block number"},
        {"5-2", 8, "item \"5-2\": empty range (5 > 2)"},
        {"5:5:1", 8, "item \"5:5:1\": empty range (start 5 >= stop 5)"},
        {"6:2:1", 8, "item \"6:2:1\": empty range (start 6 >= stop 2)"},
        {"1:9:0", 10, "item \"1:9:0\": stride must be at least 1"},
        {"99999999999", 4, "item \"99999999999\": number too large"},
        {"4", 4, "item \"4\": block 4 out of range [0, 4)"},
        {"0-9", 9, "item \"0-9\": block 9 out of range [0, 9)"},
        {"0:100:10", 90, "item \"0:100:10\": block 90 out of range [0, 90)"},
        {"0-8,0-8", 9, "18 blocks listed but only 9 exist: some are listed twice"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.text);
        CHECK_THROWS_WITH_AS(parse_block_list(c.text, c.block_count), c.error, BlockListError);
    }
}

TEST_CASE("sorted block lists format as the shortest piecewise string") {
    struct Case {
        std::vector<int> blocks;
        const char* text;
    };
    const Case cases[] = {
        {{}, ""},
        {{5}, "5"},
        {{1, 2}, "1,2"},
        {{1, 2, 3}, "1-3"},
        {{0, 3, 6}, "0,3,6"},
        {{0, 3, 6, 9}, "0:10:3"},
        {{1, 4, 7, 10, 13, 16, 19, 22, 25}, "1:26:3"},
        {{0, 1, 2, 3, 5, 7, 9}, "0-3,5,7,9"},
        {{0, 1, 2, 3, 5, 7, 9, 11}, "0-3,5:12:2"},
        // Ending the stride-2 progression early lets 4-7 take the run.
        {{0, 2, 4, 5, 6, 7}, "0,2,4-7"},
        // A tie goes to the plain list: nothing to decode.
        {{0, 10, 20}, "0,10,20"},
        {{0, 10, 20, 30}, "0:31:10"},
        {{3, 5, 9, 10, 11, 40}, "3,5,9-11,40"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.text);
        CHECK(format_block_list(c.blocks) == c.text);
    }
}

namespace {

/// Shortest length over every split into consecutive pieces, each piece a
/// single block or a progression of three or more: the exhaustive answer the
/// linear formatter must match.
std::size_t exhaustive_shortest(const std::vector<int>& blocks) {
    const std::size_t n = blocks.size();
    std::vector<std::size_t> best(n + 1, 0);
    for (std::size_t i = n; i-- > 0;) {
        best[i] = std::to_string(blocks[i]).size() + (i + 1 < n ? 1 + best[i + 1] : 0);
        for (std::size_t last = i + 2; last < n; ++last) {
            int stride = blocks[i + 1] - blocks[i];
            if (blocks[last] - blocks[last - 1] != stride) break;
            std::size_t piece = stride == 1 ? std::to_string(blocks[i]).size() + 1 +
                                                  std::to_string(blocks[last]).size()
                                            : std::to_string(blocks[i]).size() + 1 +
                                                  std::to_string(blocks[last] + 1).size() + 1 +
                                                  std::to_string(stride).size();
            best[i] = std::min(best[i], piece + (last + 1 < n ? 1 + best[last + 1] : 0));
        }
    }
    return best[0];
}

}  // namespace

TEST_CASE("formatting is as short as an exhaustive search and reads back exactly") {
    std::mt19937 random(12345);
    for (int trial = 0; trial < 3000; ++trial) {
        const int modulus = 1 + static_cast<int>(random() % 120);
        const auto density = 1 + random() % 9;
        std::vector<int> blocks;
        for (int block = 0; block < modulus; ++block)
            if (random() % 10 < density) blocks.push_back(block);
        if (blocks.empty()) continue;
        const std::string text = format_block_list(blocks);
        CAPTURE(text);
        CHECK(text.size() == exhaustive_shortest(blocks));
        CHECK(parse_block_list(text, modulus) == blocks);
    }
}
