#pragma once
#include <cstdint>
#include <vector>

#include "checker/costs/nccl_tuning.hpp"

namespace trivcheck {

/// ncclTopoGetAlgoTime (tuning.cc:630-655) for one call of `bytes` (NCCL's
/// nBytes: the larger of the send and receive buffers), µs, in NCCL's float
/// arithmetic; -1 when NCCL does not consider the candidate.
float nccl_algo_time(const NcclTuning& tuning, const NcclCandidate& candidate, std::uint64_t bytes);

/// What NCCL picks for one call (enqueue.cc, topoGetAlgoInfo).
/// topoGetAlgoInfo's rule (enqueue.cc:2032-2044): the least time of those
/// not negative, scanned in index order with a strict <, so a tie goes to
/// the lower index; -1 when every time is negative.
int nccl_least_time(const std::vector<float>& times);

struct NcclChoice {
    /// Index into tuning.candidates: the strict minimum, ties to the lower index.
    int candidate = -1;
    float time_us = 0;
    /// nMaxChannels: comm->nChannels, less one while the call is smaller than
    /// channels × threads × the thread threshold (enqueue.cc:2093-2096).
    int channels = 0;
    /// Every candidate's estimate, -1 where not considered.
    std::vector<float> times;
};
NcclChoice nccl_choose(const NcclTuning& tuning, std::uint64_t bytes);

/// A run of sizes [from, to) (whole bytes) over which NCCL's pick and the
/// channels it spreads the call over both stay.
struct NcclBand {
    std::uint64_t from = 0;
    std::uint64_t to = 0;
    int candidate = -1;
    int channels = 0;
};

/// The sizes in (low, high] where some estimate changes its line: a tree
/// correction factor starts (64·2^k) or the ring's plateau starts; sorted.
std::vector<std::uint64_t> nccl_line_edges(const NcclTuning& tuning, std::uint64_t low,
                                           std::uint64_t high);

/// NCCL's picks and channels from `low` to `high` (both included) as bands,
/// their edges exact to the byte: the estimates are lines between the sizes
/// where a tree correction factor or the ring's plateau starts, each line
/// leaves the lowest envelope once and a pick's channels only grow with the
/// size, so an edge is found by bisection.
std::vector<NcclBand> nccl_bands(const NcclTuning& tuning, std::uint64_t low, std::uint64_t high);

}  // namespace trivcheck
