#pragma once
#include <z3++.h>

#include <vector>

#include "proofs/query.hpp"

namespace trivcheck::proofs {

// lemma_4_1 (docs/proofs.md): for n = 3^s the reduce-scatter sends
// sum_(k<s) 2·m/3^(k+1) = m(1 - 1/n) bytes per rank, for every s, by induction.
//
// Measured in blocks of m/n, the sum is blocks(s) = sum_(k<s) 2·3^(s-1-k).
// Going from s to s + 1 every block splits in three (the block size is m/n and
// n = power(s) triples) and the new step k = s adds 2·m/3^(s+1), i.e. two of the
// new blocks: blocks(s+1) = 3·blocks(s) + 2. The claim m(1 - 1/n) is
// n - 1 blocks: blocks(s) = power(s) - 1, with power uninterpreted except for
// power(0) = 1 and power(s+1) = 3·power(s). Everything stays linear.

/// Base case s = 0 (n = 1, no step): blocks(0) = 0 = power(0) - 1.
Query lemma_4_1_base_query(z3::context& context);

/// Inductive step for a symbolic s >= 0. `blocks_added` is the number of new
/// blocks the new step adds (2; tests pass a wrong value).
Query lemma_4_1_step_query(z3::context& context, int blocks_added = 2);

/// Registry builder: the two queries (they cover every s, whatever max_s is).
std::vector<Query> lemma_4_1_queries(z3::context& context, int max_s);

}  // namespace trivcheck::proofs
