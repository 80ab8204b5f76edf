#pragma once
#include <cstdint>
#include <vector>

#include "models/generator.hpp"

namespace trivcheck {

/// rho(s) = sum_{i=0..s} (-2)^i: 1, -1, 3, -5, 11, ... (docs/model.md).
std::int64_t swing_rho(int step);

/// For core size P = 2^p and each s in 0..p: the set A_s (mod P) with which
/// core index q serves the core owners q + A_s (q even) or q - A_s (q odd)
/// from step s on: A_p = {0}, A_s = A_{s+1} u (rho(s) - A_{s+1}). The union
/// is disjoint (the negabinary property Swing rests on); a throw otherwise.
std::vector<std::vector<int>> swing_served_offsets(int core_size);

/// Swing on a ring, both forms (docs/model.md, "Generated schedules"): in
/// step s the peer of core index c is c + rho(s) for even c and c - rho(s)
/// for odd c, at distance (2^{s+1} + (-1)^s) / 3.
/// L: the whole vector to that peer, log2 n steps for n a power of two.
/// B: reduce-scatter in which a rank sends its step-s peer q the blocks of
///    the core owners q serves from step s + 1 on (q +- A_{s+1}): these
///    negabinary block sets send each block to its owner along a time-
///    respecting in-tree, each rank sending each block once; the mirrored
///    copy (rho negated) serves q -+ A_{s+1}; then the time-reversed
///    all-gather.
/// Other n (both forms) use the fold of models/fold.hpp, two extra steps:
/// the core runs Swing on P ranks and serves block b as core owner b mod P.
/// Correct by construction: the fold gives the core disjoint contributions
/// covering all n ranks, and the core is Swing on a power of two.
Schedule generate_swing(const GeneratorRequest& request);

}  // namespace trivcheck
