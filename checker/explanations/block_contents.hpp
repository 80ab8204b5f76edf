#pragma once
#include <cstdint>
#include <vector>

#include "models/schedule.hpp"

namespace trivcheck {

/// Which contributors every rank holds for one block at the end of a
/// schedule, as one bit row per rank. Presence only: a contribution counted
/// twice is held once here (the executor reports the double count).
class BlockContents {
  public:
    /// Replays `schedule` for `block` alone; n^2 bits of memory.
    BlockContents(const Schedule& schedule, int block);

    bool holds(int rank, int contributor) const {
        const auto word = row(rank) + static_cast<std::size_t>(contributor) / 64;
        return (bits_[word] >> (static_cast<unsigned>(contributor) % 64)) & 1U;
    }
    /// The contributors `rank` lacks, ascending.
    std::vector<int> lacking(int rank) const;

  private:
    std::size_t row(int rank) const { return static_cast<std::size_t>(rank) * words_; }

    int ranks_ = 0;
    std::size_t words_ = 0;
    std::vector<std::uint64_t> bits_;
};

/// Ranks up to which a BlockContents (n^2 bits, 8 MiB at this size) is built
/// for an explanation.
inline constexpr int block_contents_rank_limit = 8192;

}  // namespace trivcheck
