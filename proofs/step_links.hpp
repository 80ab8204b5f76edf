#pragma once
#include <z3++.h>

#include <vector>

#include "proofs/query.hpp"

namespace trivcheck::proofs {

/// step_link_bound for 3^s <= n < 3^(s+1) and every full step k < s at once
/// (k is symbolic): 2·3^k < n, so the named routes are the unique shortest
/// ones and no step wraps round the ring, and every directed link carries
/// exactly 3^k messages. `load_shift` is added to the claimed load (tests).
Query step_link_bound_query(z3::context& context, int s, int load_shift = 0);

/// Registry builder: one query per s in [1, max_s] (s = 0 has no full step).
std::vector<Query> step_link_bound_queries(z3::context& context, int max_s);

}  // namespace trivcheck::proofs
