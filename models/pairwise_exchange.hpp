#pragma once
#include <functional>
#include <string>

#include "models/generator.hpp"

namespace trivcheck {

/// A one-peer-per-step exchange algorithm on a power-of-two core of P ranks
/// (recursive doubling, Swing): the part each algorithm fixes (docs/model.md). The
/// rest (forms, fold, mirrored copy, routes) is shared and built by
/// generate_pairwise_exchange.
struct PairwiseExchange {
    std::string algo;
    /// Signed offset from core index c to its peer in step s: the peer is
    /// (c + offset) mod P, and the peer's offset back is -offset.
    std::function<int(int step, int index)> peer_offset;
    /// B form: the blocks a core rank sends in reduce-scatter step s to core
    /// index `destination`, namely those the destination still serves after
    /// step s. `half` 0 is the algorithm on blocks [0, n), `half` 1 the
    /// mirrored copy on blocks [n, 2n).
    std::function<BlockSet(int step, int destination, int half)> reduce_scatter_blocks;
};

/// Both forms of a pairwise exchange on a ring of n >= 2 ranks (docs/model.md,
/// "Generated schedules"):
/// L: log2 P steps, the whole vector (1 block) to the one peer (one port);
/// B: 2n blocks; a reduce-scatter in which the algorithm runs on blocks
///    [0, n) and its mirrored copy (core index c exchanges with c - offset)
///    on blocks [n, 2n) over the second port, then the time-reversed
///    all-gather.
/// For n not a power of two the core runs on the fold (models/fold.hpp): one
/// extra step before (the extras' data, reduced into their partners) and one
/// after (the result, copied back). For n a power of two every message goes
/// the way its offset points (the mirrored copy the other way), so the two
/// copies load opposite directions; on a fold the core ranks are not evenly
/// spaced and messages take the shorter way.
Schedule generate_pairwise_exchange(const GeneratorRequest& request,
                                    const PairwiseExchange& exchange);

}  // namespace trivcheck
