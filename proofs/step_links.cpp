#include "proofs/step_links.hpp"

#include "proofs/link_load.hpp"
#include "proofs/ring_encoding.hpp"
#include "proofs/trivance_terms.hpp"

namespace trivcheck::proofs {

Query step_link_bound_query(z3::context& context, int s, int load_shift) {
    Query query(context);
    query.obligation = "step_link_bound";
    query.label = "chunks_per_link";
    set_range_from_power(query, s);
    query.claim =
        "in every step k < s, 2*3^k < n and every directed link carries exactly 3^k messages";
    const z3::expr n = context.int_const("n");
    const std::int64_t full = power_of_three(s);
    query.hypotheses.push_back(context.int_val(full) <= n && n < context.int_val(3 * full));
    const z3::expr step = context.int_const("step");
    query.hypotheses.push_back(0 <= step && step < s);
    const z3::expr distance = full_step_distance(step, s);
    RingEncoding ring(context, n);
    const LinkLoadWitnesses witnesses = declare_link_load_witnesses(context);
    const z3::expr load_differs =
        link_load_differs(ring, distance, distance + load_shift, query.hypotheses, witnesses);
    query.goal = 2 * distance >= n || load_differs || !ring.side_conditions();
    query.model_terms = {{"n", n}, {"step", step}, {"distance", distance}};
    for (const auto& term : link_load_model_terms(witnesses)) query.model_terms.push_back(term);
    return query;
}

std::vector<Query> step_link_bound_queries(z3::context& context, int max_s) {
    std::vector<Query> queries;
    for (int s = 1; s <= max_s; ++s) queries.push_back(step_link_bound_query(context, s));
    return queries;
}

}  // namespace trivcheck::proofs
