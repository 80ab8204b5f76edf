// libFuzzer entry point for the block-list parser (checker/core/block_list_text.hpp):
// the first byte picks the block count, the rest is the text. Every input parses
// or throws BlockListError; what parses lies in range and, formatted, reads back
// as the same set.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "checker/core/block_list_text.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const int block_count = 1 + data[0] * 37;
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    std::vector<int> blocks;
    try {
        blocks = trivcheck::parse_block_list(text, block_count);
    } catch (const trivcheck::BlockListError&) {
        return 0;
    }
    for (int block : blocks)
        if (block < 0 || block >= block_count) std::abort();
    std::sort(blocks.begin(), blocks.end());
    blocks.erase(std::unique(blocks.begin(), blocks.end()), blocks.end());
    std::vector<int> again =
        trivcheck::parse_block_list(trivcheck::format_block_list(blocks), block_count);
    std::sort(again.begin(), again.end());
    if (again != blocks) std::abort();
    return 0;
}
