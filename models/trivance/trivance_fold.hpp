#pragma once
#include "models/schedule.hpp"

namespace trivcheck {

/// Trivance L made exact for every n >= 2 by a ternary fold (models/trivance/ternary_fold.hpp,
/// docs/trivance-fold.md): the extras reduce into their core rank, the 3^s core
/// ranks run Trivance L at core-index distances 3^0 .. 3^{s-1} (exact, since
/// the core size is a power of 3), and the core copies the result back to its
/// extras. ceil(log3 n) + 1 steps when n is not a power of 3; for n = 3^s the
/// steps are exactly the published ones. `base` carries the ring, ranks, algo
/// and form; the steps, blocks and a "-fold-" name are filled in here.
Schedule trivance_latency_fold(Schedule base);

}  // namespace trivcheck
