#pragma once
#include <z3++.h>

#include <vector>

#include "proofs/query.hpp"

namespace trivcheck::proofs {

// Trivance's last step for n strictly between 3^s and 3^(s+1) (docs/model.md, docs/proofs.md):
// after the s full steps each rank holds the arc of radius R_(s-1) around
// itself (proved by latency_form_double_count's full_steps query), and in the
// last step it receives the accumulators of r - d and r + d.
// The shift parameters exist for tests: each makes the claim false, so a test
// can check that the query then fails rather than holding vacuously.

/// last_step_covers: with d = ceil((n - 3^s) / 2) every rank holds every
/// contribution after the last step. `distance_shift` is added to d.
Query last_step_covers_query(z3::context& context, int s, int distance_shift = 0);

/// last_step_minimal: every distance e < d (e = 0: no last step at all)
/// misses rank r + e + R_(s-1) + 1, given as a term so the query stays
/// quantifier-free. `witness_shift` is added to that rank's offset.
Query last_step_minimal_query(z3::context& context, int s, int witness_shift = 0);

/// last_step_link_bound: d <= 3^s, the named routes are shortest (2d <= n),
/// and every directed link carries exactly d messages in the last step.
/// `load_shift` is added to the claimed load d. When it is 0 the query also
/// measures the largest d / 3^s over the range and the least n attaining it.
Query last_step_link_bound_query(z3::context& context, int s, int load_shift = 0);

/// Registry builders: one query per s in [0, max_s].
std::vector<Query> last_step_covers_queries(z3::context& context, int max_s);
std::vector<Query> last_step_minimal_queries(z3::context& context, int max_s);
std::vector<Query> last_step_link_bound_queries(z3::context& context, int max_s);

}  // namespace trivcheck::proofs
