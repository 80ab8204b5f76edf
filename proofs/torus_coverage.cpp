#include "proofs/torus_coverage.hpp"

#include <array>
#include <string>

#include "proofs/arc_sources.hpp"
#include "proofs/link_load.hpp"
#include "proofs/ring_encoding.hpp"
#include "proofs/trivance_terms.hpp"

namespace trivcheck::proofs {

namespace {

/// The symbolic torus and step of a query: extents a, b with
/// 3^s <= a, b < 3^(s+1), and the full torus step j = 2k + p < 2s.
struct TorusStep {
    std::array<z3::expr, 2> extents;
    z3::expr step;
    z3::expr ring_step;
    z3::expr parity;
};

TorusStep declare_torus_step(Query& query, int s) {
    z3::context& context = query.goal.ctx();
    const std::int64_t full = power_of_three(s);
    query.s = s;
    query.sizes = "a, b";
    query.range = "3^" + std::to_string(s) + " <= a, b < 3^" + std::to_string(s + 1);
    query.min_n = full * full;
    query.max_n = (3 * full - 1) * (3 * full - 1);
    TorusStep torus{{context.int_const("a"), context.int_const("b")},
                    context.int_const("j"),
                    context.int_const("k"),
                    context.int_const("p")};
    for (const z3::expr& extent : torus.extents)
        query.hypotheses.push_back(context.int_val(full) <= extent &&
                                   extent < context.int_val(3 * full));
    query.hypotheses.push_back(0 <= torus.ring_step && torus.ring_step < s && 0 <= torus.parity &&
                               torus.parity <= 1 &&
                               torus.step == 2 * torus.ring_step + torus.parity);
    return torus;
}

/// 3^(k+1) for a step term k in [0, s).
z3::expr power_after_step(const z3::expr& step, int s) {
    return 2 * radius_after_step(step, s) + 1;
}

}  // namespace

Query torus_full_steps_exactly_once_query(z3::context& context, int s, int radius_shift) {
    Query query(context);
    query.obligation = "torus_exactly_once";
    query.label = "torus_full_steps_exactly_once";
    query.claim =
        "torus steps j = 2k+p < 2s: rectangles R_(k-1) x R_(k+p-1) around r-3^k, r, r+3^k are "
        "disjoint with union R_k x R_(k+p-1), sides 3^(k+1) and 3^(k+p) (whole torus on 3^s x "
        "3^s after step 2s-1)";
    const TorusStep torus = declare_torus_step(query, s);
    const z3::expr collective = context.int_const("collective");
    query.hypotheses.push_back(0 <= collective && collective <= 1);
    std::array<RingEncoding, 2> rings{RingEncoding(context, torus.extents[0]),
                                      RingEncoding(context, torus.extents[1])};
    const std::array<z3::expr, 2> rank{context.int_const("x0"), context.int_const("x1")};
    const std::array<z3::expr, 2> contributor{context.int_const("u0"), context.int_const("u1")};
    for (int d = 0; d < 2; ++d)
        query.hypotheses.push_back(rings[d].is_rank(rank[d]) && rings[d].is_rank(contributor[d]));

    const z3::expr& k = torus.ring_step;
    const z3::expr after = radius_after_step(k, s) + radius_shift;
    const z3::expr other_radius =
        z3::ite(torus.parity == 0, radius_before_step(k, s), radius_after_step(k, s));
    const z3::expr other_side =
        z3::ite(torus.parity == 0, full_step_distance(k, s), power_after_step(k, s));
    const std::int64_t full = power_of_three(s);
    const z3::expr last_on_square = torus.extents[0] == context.int_val(full) &&
                                    torus.extents[1] == context.int_val(full) &&
                                    torus.step == 2 * s - 1;
    // The claim fails when the collective's active dimension is d.
    auto fails_in = [&](int d) {
        const int e = 1 - d;
        const ArcSources held = arc_sources(rings[d], rank[d], contributor[d],
                                            full_step_distance(k, s), radius_before_step(k, s));
        const z3::expr in_other = rings[e].on_arc(rank[e], contributor[e], other_radius);
        const z3::expr covered_after = rings[d].on_arc(rank[d], contributor[d], after) && in_other;
        return 2 * after + 1 > torus.extents[d] || 2 * other_radius + 1 > torus.extents[e] ||
               2 * after + 1 != power_after_step(k, s) || 2 * other_radius + 1 != other_side ||
               (in_other && held.at_least_twice()) || (in_other && held.any()) != covered_after ||
               !z3::implies(last_on_square, covered_after);
    };
    // Collective c's active dimension is (c + p) mod 2: 0 exactly when c = p.
    query.goal = z3::ite(collective == torus.parity, fails_in(0), fails_in(1)) ||
                 !rings[0].side_conditions() || !rings[1].side_conditions();
    query.model_terms = {{"a", torus.extents[0]},    {"b", torus.extents[1]}, {"j", torus.step},
                         {"collective", collective}, {"x0", rank[0]},         {"x1", rank[1]},
                         {"u0", contributor[0]},     {"u1", contributor[1]}};
    return query;
}

Query torus_step_link_bound_query(z3::context& context, int s, int load_shift) {
    Query query(context);
    query.obligation = "torus_step_link_bound";
    query.label = "torus_chunks_per_link";
    query.claim =
        "torus steps j = 2k+p < 2s: one collective per dimension, every directed link carries "
        "exactly 3^k of its messages, 2*3^k < extent";
    const TorusStep torus = declare_torus_step(query, s);
    const z3::expr link_dimension = context.int_const("link_dimension");
    query.hypotheses.push_back(0 <= link_dimension && link_dimension <= 1);
    // Collective c uses dimension (c + p) mod 2: collective 0 uses p, collective 1 uses 1 - p.
    const z3::expr users =
        z3::ite(torus.parity == link_dimension, context.int_val(1), context.int_val(0)) +
        z3::ite(1 - torus.parity == link_dimension, context.int_val(1), context.int_val(0));
    const z3::expr distance = full_step_distance(torus.ring_step, s);
    z3::expr_vector failures(context);
    failures.push_back(users != 1);
    for (int d = 0; d < 2; ++d) {
        RingEncoding line(context, torus.extents[d]);
        const LinkLoadWitnesses witnesses =
            declare_link_load_witnesses(context, "_dim" + std::to_string(d));
        const z3::expr differs =
            link_load_differs(line, distance, distance + load_shift, query.hypotheses, witnesses);
        failures.push_back(link_dimension == d && (2 * distance >= torus.extents[d] || differs ||
                                                   !line.side_conditions()));
        for (const auto& [name, term] : link_load_model_terms(witnesses))
            query.model_terms.emplace_back(name + "_dim" + std::to_string(d), term);
    }
    query.goal = z3::mk_or(failures);
    query.model_terms.insert(query.model_terms.begin(), {{"a", torus.extents[0]},
                                                         {"b", torus.extents[1]},
                                                         {"j", torus.step},
                                                         {"link_dimension", link_dimension}});
    return query;
}

std::vector<Query> torus_exactly_once_queries(z3::context& context, int max_s) {
    std::vector<Query> queries;
    for (int s = 1; s <= max_s; ++s)
        queries.push_back(torus_full_steps_exactly_once_query(context, s));
    return queries;
}

std::vector<Query> torus_step_link_bound_queries(z3::context& context, int max_s) {
    std::vector<Query> queries;
    for (int s = 1; s <= max_s; ++s) queries.push_back(torus_step_link_bound_query(context, s));
    return queries;
}

}  // namespace trivcheck::proofs
