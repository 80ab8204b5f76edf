#pragma once
#include "models/generator.hpp"

namespace trivcheck {

/// Bruck on a ring, both forms (docs/model.md, "Generated schedules"): in step k (k = 0 ...
/// ceil(log3 n) - 1) rank r sends to r + 3^k and r + 2·3^k, both the same
/// way round (route "same", Route::plus, as in the original) or each the
/// shorter way (route "shortest").
/// L: every step sends the whole accumulated vector to both peers. For
///    n = 3^s, after step k rank r holds exactly ranks r - 3^{k+1} + 1 ... r.
///    When n is not a power of 3 the last step (k = s = floor(log3 n)) follows
///    Bruck et al.'s concatenation: the last round uses only the ports still
///    needed, the second peer only when n - 3^s > 3^s. With whole
///    accumulators that is exact only for n = 2·3^s; for other n it counts
///    3^s·(1 + peers) - n contributions twice, and is generated as such (no
///    last step of whole accumulators can be exact there: each received
///    accumulator holds 3^s contributions).
/// B: a reduce-scatter in which rank r sends block b in the step k of the
///    lowest non-zero base-3 digit c of (b - r) mod n, to r + c·3^k: each
///    block follows a time-respecting in-tree to its owner, each rank sends
///    each block once, and for n = 3^s the messages carry m / 3^{k+1};
///    then the all-gather as its time reversal.
Schedule generate_bruck(const GeneratorRequest& request);

}  // namespace trivcheck
