#include "proofs/lemma_4_1.hpp"

namespace trivcheck::proofs {

namespace {

struct InductionTerms {
    z3::func_decl power;
    z3::func_decl blocks;
};

InductionTerms induction_terms(z3::context& context) {
    return {context.function("power", context.int_sort(), context.int_sort()),
            context.function("blocks", context.int_sort(), context.int_sort())};
}

Query lemma_query(z3::context& context, const char* label) {
    Query query(context);
    query.obligation = "lemma_4_1";
    query.label = label;
    query.range = "n = 3^s, every s >= 0";
    query.logic = "QF_UFLIA";
    return query;
}

}  // namespace

Query lemma_4_1_base_query(z3::context& context) {
    Query query = lemma_query(context, "base");
    query.claim = "s = 0: the empty sum is m(1 - 1/n) for n = power(0) = 1";
    const InductionTerms terms = induction_terms(context);
    const z3::expr zero = context.int_val(0);
    query.hypotheses.push_back(terms.power(zero) == 1);
    query.hypotheses.push_back(terms.blocks(zero) == 0);
    query.goal = terms.blocks(zero) != terms.power(zero) - 1;
    return query;
}

Query lemma_4_1_step_query(z3::context& context, int blocks_added) {
    Query query = lemma_query(context, "step");
    query.claim = "if sum_(k<s) 2m/3^(k+1) = m(1 - 1/3^s) then the same holds for s + 1";
    const InductionTerms terms = induction_terms(context);
    const z3::expr s = context.int_const("s");
    query.hypotheses.push_back(s >= 0);
    query.hypotheses.push_back(terms.power(s + 1) == 3 * terms.power(s));
    query.hypotheses.push_back(terms.blocks(s + 1) == 3 * terms.blocks(s) + blocks_added);
    // The induction hypothesis.
    query.hypotheses.push_back(terms.blocks(s) == terms.power(s) - 1);
    query.goal = terms.blocks(s + 1) != terms.power(s + 1) - 1;
    query.model_terms = {{"s", s}};
    return query;
}

std::vector<Query> lemma_4_1_queries(z3::context& context, int /*max_s*/) {
    std::vector<Query> queries;
    queries.push_back(lemma_4_1_base_query(context));
    queries.push_back(lemma_4_1_step_query(context));
    return queries;
}

}  // namespace trivcheck::proofs
