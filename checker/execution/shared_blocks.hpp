#pragma once
#include <cstdint>
#include <functional>

#include "models/block_set.hpp"

namespace trivcheck {

/// A block set by what it shares: its pattern, offset and modulus. Equal
/// keys are equal sets; equal sets may have different keys (then they are
/// merely visited twice). Generators share one pattern among many transfers,
/// so work done once per key is done once per distinct set.
struct SharedBlocks {
    const void* pattern;
    int offset;
    int modulus;
    friend bool operator==(const SharedBlocks&, const SharedBlocks&) = default;
};

struct SharedBlocksHash {
    std::size_t operator()(const SharedBlocks& key) const {
        const auto pattern = reinterpret_cast<std::uintptr_t>(key.pattern);
        return std::hash<std::uintptr_t>()(pattern) ^
               (static_cast<std::size_t>(key.offset) * 0x9e3779b97f4a7c15ULL);
    }
};

inline SharedBlocks key_of(const BlockSet& blocks) {
    return {blocks.pattern().get(), blocks.offset(), blocks.modulus()};
}

}  // namespace trivcheck
