#include "proofs/obligation.hpp"

#include "proofs/double_count.hpp"
#include "proofs/last_step.hpp"
#include "proofs/lemma_4_1.hpp"
#include "proofs/nccl/nccl_tree_proofs.hpp"
#include "proofs/step_links.hpp"
#include "proofs/torus_coverage.hpp"
#include "proofs/trivance_b/b_rule_ladder.hpp"

namespace trivcheck::proofs {

const std::vector<Obligation>& all_obligations() {
    static const std::vector<Obligation> obligations = {
        {"last_step_covers", "the last-step distance d = ceil((n - 3^s)/2) reaches every rank",
         last_step_covers_queries},
        {"last_step_minimal", "no smaller last-step distance reaches every rank",
         last_step_minimal_queries},
        {"last_step_link_bound", "every directed link carries d <= 3^s messages in the last step",
         last_step_link_bound_queries},
        {"step_link_bound", "every directed link carries 3^k messages in step k < s",
         step_link_bound_queries},
        {"latency_form_double_count",
         "published L form: exactly once for n = 3^s, a double count for every other n",
         latency_form_double_count_queries},
        {"lemma_4_1", "reduce-scatter bytes per rank sum to m(1 - 1/n) for n = 3^s",
         lemma_4_1_queries},
        {"torus_exactly_once",
         "L form on a×b tori, 3^s <= a, b < 3^(s+1): full steps cover products of arcs, each "
         "contribution once (the whole torus on 3^s × 3^s)",
         torus_exactly_once_queries},
        {"torus_step_link_bound",
         "L form on a×b tori: in full step 2k+p each link carries 3^k messages of one collective",
         torus_step_link_bound_queries},
        {"b_rule_arc_union",
         "Trivance B: three arcs a distance at most their length apart make one arc, and an "
         "arc of n sums holds every rank",
         arc_union_queries},
        {"b_rule_reaches",
         "Trivance B rule: each family's plans are ladders that reach every rank (so the "
         "reduce-scatter tree reduces each contribution exactly once)",
         rule_reaches_queries},
        {"nccl_btree",
         "NCCL's ncclGetBtree for every 2 <= n < 2^31: a spanning tree rooted at 0 whose parent "
         "and child lists agree, depth at most floor(log2 n) + 1",
         nccl_btree_queries},
        {"nccl_dtree_leaves",
         "NCCL's ncclGetDtree: for even n every rank is a leaf in one of the two trees; for odd "
         "n every rank but 0",
         nccl_dtree_leaves_queries},
        {"nccl_pat_tree",
         "NCCL's PAT: each offset has one parent below it with a higher lowest bit (every rank "
         "receives every block exactly once)",
         nccl_pat_tree_queries},
    };
    return obligations;
}

const Obligation* find_obligation(const std::string& name) {
    for (const Obligation& obligation : all_obligations())
        if (obligation.name == name) return &obligation;
    return nullptr;
}

}  // namespace trivcheck::proofs
