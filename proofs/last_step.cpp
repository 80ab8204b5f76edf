#include "proofs/last_step.hpp"

#include <cstdio>
#include <string>

#include "proofs/link_load.hpp"
#include "proofs/ring_encoding.hpp"
#include "proofs/solver_deadline.hpp"
#include "proofs/trivance_terms.hpp"

namespace trivcheck::proofs {

namespace {

/// Whether `contributor` reaches `rank` by the end of a last step at `distance`:
/// it is on rank's own arc or on the arc of one of the two senders.
z3::expr reached_after_last_step(RingEncoding& ring, const z3::expr& rank,
                                 const z3::expr& contributor, const z3::expr& distance,
                                 const z3::expr& radius) {
    return ring.on_arc(rank, contributor, radius) ||
           ring.on_arc(ring.backward(rank, distance), contributor, radius) ||
           ring.on_arc(ring.forward(rank, distance), contributor, radius);
}

Query last_step_query(z3::context& context, int s, const char* obligation, const char* label) {
    Query query(context);
    query.obligation = obligation;
    query.label = label;
    set_range_strictly_between_powers(query, s);
    return query;
}

/// The least n in the range attaining the largest last-step distance, found
/// by Z3's optimizer and then certified with two unsat queries, so that the
/// reported figure does not rest on the optimizer alone.
std::pair<Answer, std::optional<Finding>> largest_distance_ratio(int s,
                                                                 const SolverSettings& settings) {
    z3::context context;
    z3::expr_vector hypotheses(context);
    const LastStepTerms terms = last_step_terms(context, s, hypotheses);
    z3::optimize optimizer(context);
    // Z3 4.8's optimizer takes no seed; its optimum is unique (largest d,
    // then least n) and certified below by seeded solvers.
    for (unsigned i = 0; i < hypotheses.size(); ++i) optimizer.add(hypotheses[i]);
    // Lexicographic objectives (Z3's default): the largest d first, then the least n.
    optimizer.maximize(terms.d);
    optimizer.minimize(terms.n);
    std::int64_t largest = 0;
    std::int64_t at_n = 0;
    SolverDeadline deadline(context, settings.timeout_ms);
    try {
        const z3::check_result result = optimizer.check();
        deadline.stop();
        if (deadline.expired()) return {Answer::unknown("optimizer: timeout"), std::nullopt};
        if (result != z3::sat)
            return {Answer::unknown(std::string("optimizer: ") +
                                    Z3_optimize_get_reason_unknown(context, optimizer)),
                    std::nullopt};
        const z3::model model = optimizer.get_model();
        largest = model_integer(model, terms.d);
        at_n = model_integer(model, terms.n);
    } catch (const z3::exception& error) {
        deadline.stop();
        return {Answer::unknown(std::string("optimizer: ") +
                                (deadline.expired() ? "timeout" : error.msg())),
                std::nullopt};
    }
    for (const z3::expr& better :
         {terms.d > context.int_val(largest),
          terms.d == context.int_val(largest) && terms.n < context.int_val(at_n)}) {
        Solver solver(context, settings);
        for (unsigned i = 0; i < hypotheses.size(); ++i) solver.add(hypotheses[i]);
        solver.add(better);
        Answer answer = solver.check();
        if (answer.verdict() == QueryVerdict::unknown) return {answer, std::nullopt};
        if (answer.verdict() == QueryVerdict::violated)
            return {Answer::unknown("optimizer's optimum is not optimal"), std::nullopt};
    }
    const double ratio = static_cast<double>(largest) / static_cast<double>(terms.full);
    char ratio_text[32];
    std::snprintf(ratio_text, sizeof ratio_text, "%.6g", ratio);
    Finding finding;
    finding.text = "largest d/3^" + std::to_string(s) + " = " + std::to_string(largest) + "/" +
                   std::to_string(terms.full) + " = " + ratio_text + ", least n attaining it " +
                   std::to_string(at_n);
    finding.data = {
        {"s", s}, {"largest_d", largest}, {"power", terms.full}, {"ratio", ratio}, {"at_n", at_n}};
    return {Answer::holds(), finding};
}

}  // namespace

Query last_step_covers_query(z3::context& context, int s, int distance_shift) {
    Query query = last_step_query(context, s, "last_step_covers", "all_positions");
    query.claim = "with d = ceil((n - 3^s)/2) every rank holds every contribution after step s";
    const LastStepTerms terms = last_step_terms(context, s, query.hypotheses);
    RingEncoding ring(context, terms.n);
    const z3::expr rank = context.int_const("rank");
    const z3::expr contributor = context.int_const("contributor");
    query.hypotheses.push_back(ring.is_rank(rank) && ring.is_rank(contributor));
    const z3::expr reached = reached_after_last_step(
        ring, rank, contributor, terms.d + distance_shift, context.int_val(terms.radius));
    query.goal = !reached || !ring.side_conditions();
    query.model_terms = {
        {"n", terms.n}, {"d", terms.d}, {"rank", rank}, {"contributor", contributor}};
    return query;
}

Query last_step_minimal_query(z3::context& context, int s, int witness_shift) {
    Query query = last_step_query(context, s, "last_step_minimal", "smaller_distance_misses");
    query.claim = "every last-step distance e < d misses contributor r + e + R_(s-1) + 1 at rank r";
    const LastStepTerms terms = last_step_terms(context, s, query.hypotheses);
    RingEncoding ring(context, terms.n);
    const z3::expr rank = context.int_const("rank");
    const z3::expr smaller = context.int_const("smaller_distance");
    query.hypotheses.push_back(ring.is_rank(rank));
    query.hypotheses.push_back(0 <= smaller && smaller < terms.d);
    // The arcs around r - e, r and r + e join into one of radius e + R_(s-1);
    // the first rank past its + end is the one left out.
    const z3::expr missed =
        ring.forward(rank, smaller + context.int_val(terms.radius + 1 + witness_shift));
    const z3::expr reached =
        reached_after_last_step(ring, rank, missed, smaller, context.int_val(terms.radius));
    query.goal = reached || !ring.side_conditions();
    query.model_terms = {{"n", terms.n},
                         {"d", terms.d},
                         {"smaller_distance", smaller},
                         {"rank", rank},
                         {"contributor", missed}};
    return query;
}

Query last_step_link_bound_query(z3::context& context, int s, int load_shift) {
    Query query = last_step_query(context, s, "last_step_link_bound", "d_chunks_per_link");
    query.claim = "d <= 3^s, 2d <= n, and every directed link carries exactly d messages in step s";
    const LastStepTerms terms = last_step_terms(context, s, query.hypotheses);
    RingEncoding ring(context, terms.n);
    const LinkLoadWitnesses witnesses = declare_link_load_witnesses(context);
    const z3::expr load_differs =
        link_load_differs(ring, terms.d, terms.d + load_shift, query.hypotheses, witnesses);
    query.goal = terms.d > context.int_val(terms.full) || 2 * terms.d > terms.n || load_differs ||
                 !ring.side_conditions();
    query.model_terms = {{"n", terms.n}, {"d", terms.d}};
    for (const auto& term : link_load_model_terms(witnesses)) query.model_terms.push_back(term);
    if (load_shift == 0)
        query.measure = [s](const SolverSettings& settings) {
            return largest_distance_ratio(s, settings);
        };
    return query;
}

namespace {

template <typename Build>
std::vector<Query> for_each_s(z3::context& context, int max_s, Build build) {
    std::vector<Query> queries;
    for (int s = 0; s <= max_s; ++s) queries.push_back(build(context, s, 0));
    return queries;
}

}  // namespace

std::vector<Query> last_step_covers_queries(z3::context& context, int max_s) {
    return for_each_s(context, max_s, last_step_covers_query);
}

std::vector<Query> last_step_minimal_queries(z3::context& context, int max_s) {
    return for_each_s(context, max_s, last_step_minimal_query);
}

std::vector<Query> last_step_link_bound_queries(z3::context& context, int max_s) {
    return for_each_s(context, max_s, last_step_link_bound_query);
}

}  // namespace trivcheck::proofs
