#pragma once
#include "proofs/prover.hpp"
#include "proofs/verdict.hpp"

namespace trivcheck::proofs {

/// A query with one quantity deliberately changed, so tests (which must not
/// see Z3) can check that each encoding fails when its claim is false.
enum class Variant {
    last_step_distance,      ///< last_step_covers with d + shift
    missed_rank,             ///< last_step_minimal with the missed rank moved by shift
    last_step_claimed_load,  ///< last_step_link_bound claiming d + shift messages
    step_claimed_load,       ///< step_link_bound claiming 3^k + shift messages
    full_steps_radius,       ///< full steps claiming radius R_k + shift
    double_count_witness,    ///< every_n_double_counts with the contributor moved by shift
    lemma_4_1_step_blocks,   ///< lemma_4_1's step adding 2 + shift blocks
    torus_radius,            ///< torus_exactly_once claiming radius R_k + shift
    torus_claimed_load,      ///< torus_step_link_bound claiming 3^k + shift messages
    arc_union_slack,         ///< three_arcs_one_arc with distances up to the length + shift
    arc_ring_length,         ///< arc_covers_ring with an arc of n + shift sums
    rule_short_step_arc,     ///< b_rule_reaches short_step with each short arc + shift
    rule_two_short_arc,      ///< b_rule_reaches two_short_steps (j1 = 0), second arc + shift
    rule_short_first_extra,  ///< b_rule_reaches short_first with e + shift
    rule_lattice_spacing,    ///< b_rule_reaches lattice with the least spacing + shift
    rule_cluster_spacing,    ///< b_rule_reaches clusters (c = s) with the least spacing + shift
};

/// Builds and runs that query for s (ignored by lemma_4_1) with `shift`
/// added; shift 0 is the real query.
QueryOutcome run_variant(Variant variant, int s, int shift, const SolverSettings& settings);

}  // namespace trivcheck::proofs
