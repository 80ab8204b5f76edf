#include "proofs/double_count.hpp"

#include <string>

#include "proofs/arc_sources.hpp"
#include "proofs/ring_encoding.hpp"
#include "proofs/trivance_terms.hpp"

namespace trivcheck::proofs {

namespace {

constexpr const char* obligation_name = "latency_form_double_count";

std::int64_t wrap(std::int64_t value, std::int64_t n) { return ((value % n) + n) % n; }

/// The model of the search in the schedule's terms.
Finding explain_double_count(const z3::model& model, int s, const z3::expr& n_term,
                             const z3::expr& d_term, const z3::expr& rank_term,
                             const z3::expr& contributor_term, std::int64_t radius) {
    const std::int64_t n = model_integer(model, n_term);
    const std::int64_t d = model_integer(model, d_term);
    const std::int64_t rank = model_integer(model, rank_term);
    const std::int64_t contributor = model_integer(model, contributor_term);
    // Recomputed from the model's numbers, so the printed sources do not
    // depend on the encoding that found them.
    auto holds = [&](std::int64_t holder) {
        const std::int64_t offset = wrap(contributor - holder, n);
        return offset <= radius || offset >= n - radius;
    };
    const std::int64_t minus_peer = wrap(rank - d, n);
    const std::int64_t plus_peer = wrap(rank + d, n);
    nlohmann::ordered_json held_by = nlohmann::ordered_json::array();
    std::string words;
    auto add = [&](bool present, const std::string& label, const std::string& description) {
        if (!present) return;
        held_by.push_back(label);
        words += (words.empty() ? "" : " and ") + description;
    };
    add(holds(rank), "own", "its own accumulator");
    add(holds(minus_peer), "rank " + std::to_string(minus_peer) + " (r - d)",
        "the accumulator from rank " + std::to_string(minus_peer) + " (r - d)");
    add(holds(plus_peer), "rank " + std::to_string(plus_peer) + " (r + d)",
        "the accumulator from rank " + std::to_string(plus_peer) + " (r + d)");
    Finding finding;
    finding.text =
        "n = " + std::to_string(n) + ", d = " + std::to_string(d) + ": in step " +
        std::to_string(s) + " rank " + std::to_string(rank) + " counts the contribution of rank " +
        std::to_string(contributor) + " " +
        (held_by.size() == 2 ? std::string("twice") : std::to_string(held_by.size()) + " times") +
        ": it is in " + words;
    finding.data = {{"n", n},
                    {"d", d},
                    {"step", s},
                    {"rank", rank},
                    {"contributor", contributor},
                    {"times", held_by.size()},
                    {"held_by", held_by}};
    return finding;
}

}  // namespace

Query full_steps_exactly_once_query(z3::context& context, int s, int radius_shift) {
    Query query(context);
    query.obligation = obligation_name;
    query.label = "full_steps_exactly_once";
    set_range_from_power(query, s);
    query.claim =
        "steps k < s: arcs R_(k-1) around r-3^k, r, r+3^k are disjoint with union the arc R_k "
        "(whole ring after step s-1 when n = 3^s)";
    const z3::expr n = context.int_const("n");
    const std::int64_t full = power_of_three(s);
    query.hypotheses.push_back(context.int_val(full) <= n && n < context.int_val(3 * full));
    const z3::expr step = context.int_const("step");
    query.hypotheses.push_back(0 <= step && step < s);
    RingEncoding ring(context, n);
    const z3::expr rank = context.int_const("rank");
    const z3::expr contributor = context.int_const("contributor");
    query.hypotheses.push_back(ring.is_rank(rank) && ring.is_rank(contributor));
    const z3::expr after = radius_after_step(step, s) + radius_shift;
    const ArcSources held = arc_sources(ring, rank, contributor, full_step_distance(step, s),
                                        radius_before_step(step, s));
    const z3::expr whole_ring =
        z3::implies(n == context.int_val(full),
                    ring.on_arc(rank, contributor, context.int_val((full - 1) / 2)));
    query.goal = 2 * after + 1 > n || held.at_least_twice() ||
                 held.any() != ring.on_arc(rank, contributor, after) || !whole_ring ||
                 !ring.side_conditions();
    query.model_terms = {{"n", n}, {"step", step}, {"rank", rank}, {"contributor", contributor}};
    return query;
}

Query double_count_search_query(z3::context& context, int s) {
    Query query(context);
    query.obligation = obligation_name;
    query.label = "search";
    set_range_strictly_between_powers(query, s);
    query.expected = Expectation::violated;
    query.claim = "find n, a rank and a contribution it counts twice in the published last step";
    const LastStepTerms terms = last_step_terms(context, s, query.hypotheses);
    RingEncoding ring(context, terms.n);
    const z3::expr rank = context.int_const("rank");
    const z3::expr contributor = context.int_const("contributor");
    query.hypotheses.push_back(ring.is_rank(rank) && ring.is_rank(contributor));
    const ArcSources held =
        arc_sources(ring, rank, contributor, terms.d, context.int_val(terms.radius));
    // A search asserts the side conditions, so that its model is a real ring position.
    query.goal = held.at_least_twice() && ring.side_conditions();
    query.shrink = {{terms.n, terms.full + 1}, {rank, 0}, {contributor, 0}};
    query.explain = [s, n = terms.n, d = terms.d, rank, contributor,
                     radius = terms.radius](const z3::model& model) {
        return explain_double_count(model, s, n, d, rank, contributor, radius);
    };
    return query;
}

Query double_count_every_n_query(z3::context& context, int s, int witness_shift) {
    Query query(context);
    query.obligation = obligation_name;
    query.label = "every_n_double_counts";
    set_range_strictly_between_powers(query, s);
    query.claim =
        "every n: rank r counts contributor r + (d < 3^s ? R_(s-1) : d + R_(s-1)) twice in step s";
    const LastStepTerms terms = last_step_terms(context, s, query.hypotheses);
    RingEncoding ring(context, terms.n);
    const z3::expr rank = context.int_const("rank");
    query.hypotheses.push_back(ring.is_rank(rank));
    const z3::expr radius = context.int_val(terms.radius);
    // d < 3^s: rank r + d's arc reaches back over r + R_(s-1), the end of r's
    // own arc. d = 3^s (only n = 3^(s+1) - 1): the arcs of r - d and r + d
    // meet across the far side of the ring, at r + d + R_(s-1).
    const z3::expr offset =
        z3::ite(terms.d < context.int_val(terms.full), radius, terms.d + radius) + witness_shift;
    const z3::expr contributor = ring.forward(rank, offset);
    const ArcSources held = arc_sources(ring, rank, contributor, terms.d, radius);
    query.goal = !held.at_least_twice() || !ring.side_conditions();
    query.model_terms = {
        {"n", terms.n}, {"d", terms.d}, {"rank", rank}, {"contributor", contributor}};
    return query;
}

std::vector<Query> latency_form_double_count_queries(z3::context& context, int max_s) {
    // Grouped by query, then s, so the table can merge consecutive ranges.
    std::vector<Query> queries;
    for (int s = 1; s <= max_s; ++s) queries.push_back(full_steps_exactly_once_query(context, s));
    for (int s = 0; s <= max_s; ++s) queries.push_back(double_count_search_query(context, s));
    for (int s = 0; s <= max_s; ++s) queries.push_back(double_count_every_n_query(context, s));
    return queries;
}

}  // namespace trivcheck::proofs
