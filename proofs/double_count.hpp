#pragma once
#include <z3++.h>

#include <vector>

#include "proofs/query.hpp"

namespace trivcheck::proofs {

// latency_form_double_count: Trivance's published latency-optimal form (every
// step sends the whole accumulator to r - d and r + d, docs/model.md). The shift
// parameters exist for tests: each makes the claim false.

/// Lemma 4.2 for 3^s <= n < 3^(s+1) and every full step k < s (k symbolic):
/// the arcs of radius R_(k-1) around r - 3^k, r and r + 3^k are disjoint and
/// their union is the arc of radius R_k, which does not wrap onto itself; for
/// n = 3^s the final arc is the whole ring. So every contribution arrives
/// exactly once in the full steps. `radius_shift` is added to the claimed R_k.
Query full_steps_exactly_once_query(z3::context& context, int s, int radius_shift = 0);

/// The search, for 3^s < n < 3^(s+1): some n, rank and contributor such that
/// the contributor is counted twice in the last step (sat expected). Its model
/// is shrunk to the least n, rank and contributor.
Query double_count_search_query(z3::context& context, int s);

/// For every n with 3^s < n < 3^(s+1): rank r counts contributor r + w twice
/// in the last step, with w = R_(s-1) when d < 3^s and w = d + R_(s-1) when
/// d = 3^s (a term, so the query is quantifier-free). `witness_shift` is
/// added to w.
Query double_count_every_n_query(z3::context& context, int s, int witness_shift = 0);

/// Registry builder: the three queries per s (full steps from s = 1).
std::vector<Query> latency_form_double_count_queries(z3::context& context, int max_s);

}  // namespace trivcheck::proofs
