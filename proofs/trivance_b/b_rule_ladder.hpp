#pragma once
#include <z3++.h>

#include <vector>

#include "proofs/query.hpp"

namespace trivcheck::proofs {

// The Trivance B rule reaches every rank (docs/trivance-b.md, "A rule";
// docs/proofs.md). A plan's in-tree holds exactly the displacements that are
// sums of one term per step, each term 0, -d+_t or +d-_t (every placed node
// may adopt at every earlier step), whatever the order of the steps. Taken in
// an order where each distance is at most the length of the arc of sums so far,
// the sums stay one arc (b_rule_arc_union); an arc of at least n sums holds
// every residue mod n. So a plan reaches every rank when its steps form such a
// ladder whose last arc holds n ranks (b_rule_reaches, per family and s).

/// three_arcs_one_arc: for an arc [lo, hi] around 0 and 0 <= d+, d- <= its
/// length, every y in [lo - d+, hi + d-] is in the arc, or y + d+ or y - d-
/// is. `slack` widens the allowed distances (tests: 1 makes it false).
Query arc_union_query(z3::context& context, int slack = 0);
/// arc_covers_ring: an arc [lo, hi] around 0 of at least n sums holds every
/// residue r in [0, n): r or r - n lies in it. `length_shift` is added to the
/// least length (tests: -1 makes it false).
Query arc_covers_ring_query(z3::context& context, int length_shift = 0);

/// The rule's families for 3^s < n <= 3^(s+1), every member of one family in
/// one query (the goal is the disjunction of their failures):
enum class RuleFamily {
    /// short_step@j for every j: a ladder reaching n ranks.
    short_step,
    /// two_short_steps@j1,j2 for every j1 < j2 and every first arc the
    /// rule's bounds accept (3^j1 <= a <= 3^(j1+1), the arc after j2 at
    /// most three times the one before): a ladder reaching n ranks.
    two_short_steps,
    /// split_digit@j (1 <= j <= s-1, 3^j <= n/2): a ladder (the rule keeps it
    /// only where its last arc reaches n ranks).
    split_digit,
    /// short_first, 3^s < n < 3^(s+1): the steps 1, 3, ..., 3^(s-1), then the
    /// short one, form a ladder reaching n ranks.
    short_first,
    /// short_last, 3^s < n < 3^(s+1): 1, 3, ..., 3^(s-1), then ceil(e/2)
    /// both ways: a ladder reaching n ranks.
    short_last,
    /// lattice@c for every c <= s and every spacing g from the least,
    /// max(1, ceil((n - 3^c) / (3^(s+1-c) - 1))), to 3^c: the steps 1, ...,
    /// 3^(c-1), g, 3g, ..., 3^(s-c) g (the last capped at n/2) form a
    /// ladder reaching n ranks.
    lattice,
    /// clusters@c,j for every 1 <= c <= s, j < c, every cluster arc x with
    /// 3^j < x <= 3^(j+1) (whatever p chose) and every spacing g from the
    /// least, max(1, ceil((n - A) / (3^(s+1-c) - 1))) with A = x 3^(c-1-j),
    /// to A: the arcs 3, ..., 3^j, x, 3x, ..., A, then A + 2g, A + 8g, ...
    /// (each step split ceil/floor, the last capped at n/2) form a ladder
    /// reaching n ranks.
    clusters,
};

/// One family's query for s (for two_short_steps, the members whose first
/// short step is `first_short`; for clusters, those with `first_short` cluster steps); `arc_shift`
/// is added to each short step's arc (tests: -1 makes short_step and two_short_steps false,
/// shortens short_first's e, and lowers the least spacing of lattice and clusters).
Query rule_reaches_query(z3::context& context, int s, RuleFamily family, int first_short = 0,
                         int arc_shift = 0);

/// Registry builders.
std::vector<Query> arc_union_queries(z3::context& context, int max_s);
std::vector<Query> rule_reaches_queries(z3::context& context, int max_s);

}  // namespace trivcheck::proofs
