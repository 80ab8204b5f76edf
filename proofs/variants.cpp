#include "proofs/variants.hpp"

#include "proofs/double_count.hpp"
#include "proofs/last_step.hpp"
#include "proofs/lemma_4_1.hpp"
#include "proofs/query_runner.hpp"
#include "proofs/step_links.hpp"
#include "proofs/torus_coverage.hpp"
#include "proofs/trivance_b/b_rule_ladder.hpp"

namespace trivcheck::proofs {

namespace {

Query variant_query(z3::context& context, Variant variant, int s, int shift) {
    switch (variant) {
        case Variant::last_step_distance:
            return last_step_covers_query(context, s, shift);
        case Variant::missed_rank:
            return last_step_minimal_query(context, s, shift);
        case Variant::last_step_claimed_load:
            return last_step_link_bound_query(context, s, shift);
        case Variant::step_claimed_load:
            return step_link_bound_query(context, s, shift);
        case Variant::full_steps_radius:
            return full_steps_exactly_once_query(context, s, shift);
        case Variant::double_count_witness:
            return double_count_every_n_query(context, s, shift);
        case Variant::lemma_4_1_step_blocks:
            return lemma_4_1_step_query(context, 2 + shift);
        case Variant::torus_radius:
            return torus_full_steps_exactly_once_query(context, s, shift);
        case Variant::torus_claimed_load:
            return torus_step_link_bound_query(context, s, shift);
        case Variant::arc_union_slack:
            return arc_union_query(context, shift);
        case Variant::arc_ring_length:
            return arc_covers_ring_query(context, shift);
        case Variant::rule_short_step_arc:
            return rule_reaches_query(context, s, RuleFamily::short_step, 0, shift);
        case Variant::rule_two_short_arc:
            return rule_reaches_query(context, s, RuleFamily::two_short_steps, 0, shift);
        case Variant::rule_short_first_extra:
            return rule_reaches_query(context, s, RuleFamily::short_first, 0, shift);
        case Variant::rule_lattice_spacing:
            return rule_reaches_query(context, s, RuleFamily::lattice, 0, shift);
        case Variant::rule_cluster_spacing:
            return rule_reaches_query(context, s, RuleFamily::clusters, s, shift);
    }
    throw std::logic_error("unknown variant");
}

}  // namespace

QueryOutcome run_variant(Variant variant, int s, int shift, const SolverSettings& settings) {
    z3::context context;
    return run_query(variant_query(context, variant, s, shift), settings, std::nullopt);
}

}  // namespace trivcheck::proofs
