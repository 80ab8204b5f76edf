#pragma once
#include "models/generator.hpp"

namespace trivcheck {

/// Recursive doubling on a ring, both forms (docs/model.md, "Generated
/// schedules"): in step s core index c exchanges with c XOR 2^s (offset
/// +2^s when bit s of c is 0, else -2^s).
/// L: the whole vector to that peer, log2 n steps for n a power of two.
/// B: recursive halving with the distance doubling, so the bytes halve as the
///    distance doubles: in step s a rank sends its peer the blocks whose core
///    owner is congruent to the peer mod 2^{s+1} (the residue class the peer
///    serves from then on), then the all-gather as its time reversal. The
///    mirrored copy (c exchanges with c - offset) serves the same residue
///    classes, since those depend only on the distances 2^s.
/// Other n use the fold of models/fold.hpp: two extra steps.
Schedule generate_recursive_doubling(const GeneratorRequest& request);

}  // namespace trivcheck
