#pragma once
#include <z3++.h>

#include <vector>

#include "proofs/query.hpp"

namespace trivcheck::proofs {

// Trivance's latency-optimal (L) form lifted to a 2D torus a×b (docs/model.md,
// "Tori"): two collectives, each on half of the vector; in torus step
// j = 2k + p collective c runs ring step k in dimension (c + p) mod 2, so the
// two use different dimensions in every step. The shift parameters exist for
// tests: each makes the claim false.

/// For 3^s <= a, b < 3^(s+1) and every full torus step j = 2k + p < 2s (k, p
/// and the collective symbolic): before the step a rank holds, of its
/// collective, the rectangle of the arcs R_(k-1) in the active dimension and
/// R_(k+p-1) in the other; the rectangles from r ∓ 3^k (active dimension) and
/// its own are disjoint and their union is the rectangle R_k × R_(k+p-1), of
/// sides 3^(k+1) and 3^(k+p) (3^(j+1) ranks), wrapping in neither dimension;
/// on 3^s × 3^s it is the whole torus after step 2s - 1. `radius_shift` is
/// added to the claimed R_k.
Query torus_full_steps_exactly_once_query(z3::context& context, int s, int radius_shift = 0);

/// For 3^s <= a, b < 3^(s+1) and every full torus step j = 2k + p < 2s: each
/// dimension is used by exactly one collective, and every directed link of it
/// carries exactly 3^k of that collective's messages (m/2 bytes each), with
/// 2·3^k below the extent. `load_shift` is added to the claimed 3^k.
Query torus_step_link_bound_query(z3::context& context, int s, int load_shift = 0);

/// Registry builders: one query per s in [1, max_s] (s = 0 has no full step).
std::vector<Query> torus_exactly_once_queries(z3::context& context, int max_s);
std::vector<Query> torus_step_link_bound_queries(z3::context& context, int max_s);

}  // namespace trivcheck::proofs
