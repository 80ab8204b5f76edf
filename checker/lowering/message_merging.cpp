#include "checker/lowering/message_merging.hpp"

#include <algorithm>
#include <iterator>

namespace trivcheck::msccl {

namespace {

/// Whether ascending `sorted` is one run of consecutive blocks.
bool consecutive(const std::vector<int>& sorted) {
    return sorted.empty() || sorted.back() - sorted.front() + 1 == static_cast<int>(sorted.size());
}

/// Whether a copy transfer to the same receiver and buffer, other than
/// `a` and those already in `b`, carries a block of `a` or of `b`.
bool copy_conflict(const std::vector<Transfer>& transfers, const Transfer& a, const Transfer& b) {
    for (const Transfer& other : transfers) {
        if (&other == &a || other.op != Op::copy || other.dst != a.dst ||
            other.dst_buffer != a.dst_buffer)
            continue;
        if (other.src == a.src && other.src_buffer == a.src_buffer) continue;
        bool shared = false;
        other.blocks.for_each([&](int block) {
            shared = shared || a.blocks.contains(block) || b.blocks.contains(block);
        });
        if (shared) return true;
    }
    return false;
}

}  // namespace

std::vector<Transfer> merged_messages(const std::vector<Transfer>& transfers,
                                      int blocks_in_schedule) {
    std::vector<Transfer> messages;
    std::vector<std::vector<int>> blocks;
    auto overlaps = [](const std::vector<int>& a, const std::vector<int>& b) {
        std::size_t i = 0;
        std::size_t j = 0;
        while (i < a.size() && j < b.size()) {
            if (a[i] == b[j]) return true;
            a[i] < b[j] ? ++i : ++j;
        }
        return false;
    };
    for (const Transfer& transfer : transfers) {
        std::vector<int> sorted = transfer.blocks.sorted();
        bool joined = false;
        for (std::size_t m = 0; m < messages.size() && !joined; ++m) {
            Transfer& message = messages[m];
            if (message.src != transfer.src || message.dst != transfer.dst ||
                message.src_buffer != transfer.src_buffer ||
                message.dst_buffer != transfer.dst_buffer || message.op != transfer.op ||
                overlaps(blocks[m], sorted))
                continue;
            if (transfer.op == Op::copy && copy_conflict(transfers, transfer, message)) continue;
            std::vector<int> united;
            std::merge(blocks[m].begin(), blocks[m].end(), sorted.begin(), sorted.end(),
                       std::back_inserter(united));
            // Two runs of chunks apart stay two messages, one step each (on
            // lanes of their own), rather than one message packed in scratch.
            if (consecutive(blocks[m]) && consecutive(sorted) && !consecutive(united)) continue;
            blocks[m] = united;
            message.blocks = BlockSet(std::move(united), blocks_in_schedule);
            joined = true;
        }
        if (joined) continue;
        messages.push_back(transfer);
        blocks.push_back(std::move(sorted));
    }
    return messages;
}

}  // namespace trivcheck::msccl
