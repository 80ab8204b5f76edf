#include "proofs/trivance_b/b_rule_ladder.hpp"

#include <string>

#include "proofs/ring_encoding.hpp"
#include "proofs/trivance_b/b_rule_terms.hpp"

namespace trivcheck::proofs {

namespace {

Query union_query(z3::context& context, const char* label) {
    Query query(context);
    query.obligation = "b_rule_arc_union";
    query.label = label;
    query.range = "every n";
    return query;
}

const char* family_label(RuleFamily family) {
    switch (family) {
        case RuleFamily::short_step:
            return "short_step";
        case RuleFamily::two_short_steps:
            return "two_short_steps";
        case RuleFamily::split_digit:
            return "split_digit";
        case RuleFamily::short_first:
            return "short_first";
        case RuleFamily::short_last:
            return "short_last";
        case RuleFamily::lattice:
            return "lattice";
        case RuleFamily::clusters:
            return "clusters";
    }
    return "";
}

/// Arcs that triple from 3 but at the short steps, whose arcs are given.
std::vector<z3::expr> tripling_arcs(z3::context& context, int steps,
                                    const std::vector<std::pair<int, z3::expr>>& short_arcs) {
    std::vector<z3::expr> arcs;
    z3::expr arc = context.int_val(1);
    for (int t = 0; t < steps; ++t) {
        z3::expr next = 3 * arc;
        for (const auto& [step, short_arc] : short_arcs)
            if (step == t) next = short_arc;
        arcs.push_back(next);
        arc = next;
    }
    return arcs;
}

/// The disjunction of the members' failures: (accepted and not a ladder).
z3::expr family_fails(z3::context& context, const z3::expr& n, int s, RuleFamily family,
                      int first_short, int arc_shift, z3::expr_vector& hypotheses) {
    const int steps = s + 1;
    z3::expr fails = context.bool_val(false);
    const auto prefix = [](const std::string& tag) { return tag + "_"; };
    if (family == RuleFamily::short_step) {
        for (int j = 0; j < steps; ++j) {
            RuleTerms terms(context, hypotheses, prefix("j" + std::to_string(j)));
            const z3::expr arc = terms.ceil_div(n, power_of_three(steps - 1 - j)) + arc_shift;
            const auto ladder = terms.steps_from_arcs(tripling_arcs(context, steps, {{j, arc}}), n);
            fails = fails || !is_reaching_ladder(ladder, n, true);
        }
    } else if (family == RuleFamily::two_short_steps) {
        for (int j1 = first_short; j1 == first_short; ++j1)
            for (int j2 = j1 + 1; j2 < steps; ++j2) {
                const std::string tag = "j" + std::to_string(j1) + "_" + std::to_string(j2);
                RuleTerms terms(context, hypotheses, prefix(tag));
                const z3::expr first = context.int_const((tag + "_first_arc").c_str());
                const z3::expr before_second = first * context.int_val(power_of_three(j2 - j1 - 1));
                const z3::expr needed =
                    terms.ceil_div(n, power_of_three(steps - 1 - j2)) + arc_shift;
                const z3::expr second = z3::ite(needed >= before_second, needed, before_second);
                const z3::expr accepted = context.int_val(power_of_three(j1)) <= first &&
                                          first <= context.int_val(power_of_three(j1 + 1)) &&
                                          second <= 3 * before_second;
                const auto ladder = terms.steps_from_arcs(
                    tripling_arcs(context, steps, {{j1, first}, {j2, second}}), n);
                fails = fails || (accepted && !is_reaching_ladder(ladder, n, true));
            }
    } else if (family == RuleFamily::split_digit) {
        for (int j = 1; j + 1 < steps; ++j) {
            std::vector<LadderStep> ladder;
            for (int t = 0; t < steps; ++t) {
                const std::int64_t plus = power_of_three(t < j ? t : t - 1);
                const std::int64_t minus = power_of_three(t == j ? j : t < j ? t : t - 1);
                ladder.push_back({context.int_val(plus), context.int_val(minus)});
            }
            const z3::expr kept = 2 * context.int_val(power_of_three(j)) <= n;
            fails = fails || (kept && !is_reaching_ladder(ladder, n, false));
        }
    } else if (family == RuleFamily::lattice) {
        for (int c = 0; c < steps; ++c) {
            const std::string tag = "c" + std::to_string(c);
            RuleTerms terms(context, hypotheses, prefix(tag));
            const z3::expr spacing = context.int_const((tag + "_spacing").c_str());
            const z3::expr needed = terms.ceil_div(n - context.int_val(power_of_three(c)),
                                                   power_of_three(steps - c) - 1) +
                                    arc_shift;
            const z3::expr least = z3::ite(needed >= 1, needed, context.int_val(1) + arc_shift);
            const z3::expr accepted =
                least <= spacing && spacing <= context.int_val(power_of_three(c));
            std::vector<LadderStep> ladder;
            for (int t = 0; t < steps; ++t) {
                const z3::expr d = t < c ? context.int_val(power_of_three(t))
                                         : spacing * context.int_val(power_of_three(t - c));
                ladder.push_back({d, d});
            }
            terms.cap_last_step(ladder, n);
            fails = fails || (accepted && !is_reaching_ladder(ladder, n, true));
        }
    } else if (family == RuleFamily::clusters) {
        // One query per c (first_short): all c at once grows past the timeout from s = 14.
        const int c = first_short;
        for (int j = 0; j < c; ++j) {
            const std::string tag = "c" + std::to_string(c) + "_j" + std::to_string(j);
            RuleTerms terms(context, hypotheses, prefix(tag));
            const z3::expr x = context.int_const((tag + "_x").c_str());
            const z3::expr spacing = context.int_const((tag + "_spacing").c_str());
            const z3::expr cluster = x * context.int_val(power_of_three(c - 1 - j));
            // spacing >= ceil((n - A) / L) + shift (the least, n - A >= 1),
            // written without the ceiling: (spacing - shift) L >= n - A.
            // A fresh ceiling per member made the queries time out from s = 18.
            const z3::expr lattice_growth = context.int_val(power_of_three(steps - c) - 1);
            const z3::expr accepted = context.int_val(power_of_three(j)) < x &&
                                      x <= context.int_val(power_of_three(j + 1)) &&
                                      (spacing - arc_shift) * lattice_growth >= n - cluster &&
                                      spacing <= cluster;
            // plan_from_arcs's ceil/floor split, written out: every step
            // but j grows the arc by an even amount, twice the arc before
            // (tripling) or 2 * 3^(q-1) g (the lattice), so only j splits.
            std::vector<LadderStep> ladder;
            for (int t = 0; t < c; ++t) {
                if (t == j) {
                    const z3::expr growth = x - context.int_val(power_of_three(j));
                    const z3::expr up = terms.ceil_div(growth, 2);
                    ladder.push_back({up, growth - up});
                } else {
                    const z3::expr before = t < j ? context.int_val(power_of_three(t))
                                                  : x * context.int_val(power_of_three(t - 1 - j));
                    ladder.push_back({before, before});
                }
            }
            for (int q = 0; q < steps - c; ++q) {
                const z3::expr d = spacing * context.int_val(power_of_three(q));
                ladder.push_back({d, d});
            }
            terms.cap_last_step(ladder, n);
            fails = fails || (accepted && !is_reaching_ladder(ladder, n, true));
        }
    } else {
        // The published steps 1, 3, ..., 3^(s-1) first, the short one last:
        // short_first splits e = n - 3^s into ceil(e/2) and floor(e/2),
        // short_last sends ceil(e/2) both ways.
        RuleTerms terms(context, hypotheses, prefix("first"));
        std::vector<LadderStep> ladder;
        for (int t = 0; t < s; ++t)
            ladder.push_back(
                {context.int_val(power_of_three(t)), context.int_val(power_of_three(t))});
        const z3::expr extra = n - context.int_val(power_of_three(s)) + arc_shift;
        const z3::expr up = terms.ceil_div(extra, 2);
        ladder.push_back({up, family == RuleFamily::short_last ? up : extra - up});
        fails = !is_reaching_ladder(ladder, n, true);
    }
    return fails;
}

}  // namespace

Query arc_union_query(z3::context& context, int slack) {
    Query query = union_query(context, "three_arcs_one_arc");
    query.claim =
        "an arc [lo, hi] around 0 and distances 0 <= d+, d- <= its length: every y in "
        "[lo - d+, hi + d-] is a sum of an arc member and one of 0, -d+, +d-";
    const z3::expr lo = context.int_const("lo");
    const z3::expr hi = context.int_const("hi");
    const z3::expr plus = context.int_const("d_plus");
    const z3::expr minus = context.int_const("d_minus");
    const z3::expr y = context.int_const("y");
    const z3::expr length = hi - lo + 1;
    query.hypotheses.push_back(lo <= 0 && 0 <= hi);
    query.hypotheses.push_back(0 <= plus && plus <= length + slack);
    query.hypotheses.push_back(0 <= minus && minus <= length + slack);
    const auto in_arc = [&](const z3::expr& x) { return lo <= x && x <= hi; };
    query.goal =
        lo - plus <= y && y <= hi + minus && !in_arc(y) && !in_arc(y + plus) && !in_arc(y - minus);
    query.model_terms = {{"lo", lo}, {"hi", hi}, {"d+", plus}, {"d-", minus}, {"y", y}};
    return query;
}

Query arc_covers_ring_query(z3::context& context, int length_shift) {
    Query query = union_query(context, "arc_covers_ring");
    query.claim =
        "an arc [lo, hi] around 0 of at least n sums holds r or r - n for every r in [0, n)";
    const z3::expr n = context.int_const("n");
    const z3::expr lo = context.int_const("lo");
    const z3::expr hi = context.int_const("hi");
    const z3::expr r = context.int_const("r");
    query.hypotheses.push_back(n >= 1 && lo <= 0 && 0 <= hi && hi - lo + 1 >= n + length_shift);
    query.hypotheses.push_back(0 <= r && r < n);
    const auto in_arc = [&](const z3::expr& x) { return lo <= x && x <= hi; };
    query.goal = !in_arc(r) && !in_arc(r - n);
    query.model_terms = {{"n", n}, {"lo", lo}, {"hi", hi}, {"r", r}};
    return query;
}

Query rule_reaches_query(z3::context& context, int s, RuleFamily family, int first_short,
                         int arc_shift) {
    Query query(context);
    query.obligation = "b_rule_reaches";
    query.label = family_label(family);
    if (family == RuleFamily::two_short_steps) query.label += "_j" + std::to_string(first_short);
    if (family == RuleFamily::clusters) query.label += "_c" + std::to_string(first_short);
    query.s = s;
    const bool strictly_below =
        family == RuleFamily::short_first || family == RuleFamily::short_last;
    query.range = "3^" + std::to_string(s) + " < n " + (strictly_below ? "< " : "<= ") + "3^" +
                  std::to_string(s + 1);
    query.min_n = power_of_three(s) + 1;
    query.max_n = power_of_three(s + 1) - (strictly_below ? 1 : 0);
    query.excludes_power = true;
    query.claim = std::string("every ") + family_label(family) +
                  (family == RuleFamily::two_short_steps ? "@" + std::to_string(first_short) + ",j2"
                   : family == RuleFamily::clusters      ? "@" + std::to_string(first_short) + ",j"
                                                         : std::string()) +
                  " plan of the rule is a ladder" +
                  (family == RuleFamily::split_digit ? "" : " that reaches every rank");
    const z3::expr n = context.int_const("n");
    query.hypotheses.push_back(context.int_val(*query.min_n) <= n &&
                               n <= context.int_val(*query.max_n));
    query.goal = family_fails(context, n, s, family, first_short, arc_shift, query.hypotheses);
    query.model_terms = {{"n", n}};
    query.shrink = {{n, *query.min_n}};
    return query;
}

std::vector<Query> arc_union_queries(z3::context& context, int /*max_s*/) {
    std::vector<Query> queries;
    queries.push_back(arc_union_query(context));
    queries.push_back(arc_covers_ring_query(context));
    return queries;
}

std::vector<Query> rule_reaches_queries(z3::context& context, int max_s) {
    std::vector<Query> queries;
    for (int s = 0; s <= max_s; ++s)
        for (RuleFamily family :
             {RuleFamily::short_step, RuleFamily::two_short_steps, RuleFamily::split_digit,
              RuleFamily::short_first, RuleFamily::short_last, RuleFamily::lattice,
              RuleFamily::clusters}) {
            // Two short steps: one query per first short step j1 (every j2 > j1);
            // clusters: one per number of cluster steps c = 1 .. s.
            if (family == RuleFamily::two_short_steps)
                for (int j1 = 0; j1 < s; ++j1)
                    queries.push_back(rule_reaches_query(context, s, family, j1));
            else if (family == RuleFamily::clusters)
                for (int c = 1; c <= s; ++c)
                    queries.push_back(rule_reaches_query(context, s, family, c));
            else
                queries.push_back(rule_reaches_query(context, s, family));
        }
    return queries;
}

}  // namespace trivcheck::proofs
