#include "proofs/nccl/nccl_tree_proofs.hpp"

#include <string>

namespace trivcheck::proofs {

namespace {

constexpr unsigned kNcclBits = 32;

/// ncclGetBtree's arithmetic on 32-bit vectors, n < 2^31 so no sum overflows.
struct BtreeTerms {
    z3::context& context;
    z3::expr n;

    z3::expr value(std::uint64_t number) const { return context.bv_val(number, kNcclBits); }
    z3::expr lowbit(const z3::expr& rank) const { return rank & (-rank); }
    z3::expr is_power_of_two(const z3::expr& x) const {
        return x != value(0) && (x & (x - value(1))) == value(0);
    }
    /// Parent of rank != 0: (rank ^ b) | 2b, or rank ^ b when that is past n.
    z3::expr parent(const z3::expr& rank) const {
        const z3::expr bit = lowbit(rank);
        const z3::expr up = (rank ^ bit) | z3::shl(bit, value(1));
        return z3::ite(z3::uge(up, n), rank ^ bit, up);
    }
    /// Whether rank != 0 has children: its lowest bit is not 1.
    z3::expr has_children(const z3::expr& rank) const { return lowbit(rank) != value(1); }
    z3::expr d0(const z3::expr& rank) const { return rank - z3::lshr(lowbit(rank), value(1)); }
    /// `step` is the L of d1 = rank + L: the largest power of 2 at most
    /// lowbit/2 with rank + L < n (the loop of ncclGetBtree).
    z3::expr is_d1_step(const z3::expr& rank, const z3::expr& step) const {
        const z3::expr half = z3::lshr(lowbit(rank), value(1));
        return is_power_of_two(step) && z3::ule(step, half) && z3::ult(rank + step, n) &&
               (z3::ugt(z3::shl(step, value(1)), half) ||
                z3::uge(rank + z3::shl(step, value(1)), n));
    }
    /// Rank 0's one child: bit/2 for the first power of 2 bit >= n.
    z3::expr is_root_child(const z3::expr& child) const {
        return is_power_of_two(child) && z3::ult(child, n) && z3::uge(z3::shl(child, value(1)), n);
    }
};

Query nccl_query(z3::context& context, const char* obligation, const char* label, const char* claim,
                 z3::expr& n) {
    Query query(context);
    query.obligation = obligation;
    query.label = label;
    query.claim = claim;
    query.logic = "QF_BV";
    query.range = "2 <= n < 2^31";
    query.min_n = 2;
    query.max_n = (std::int64_t{1} << 31) - 1;
    n = context.bv_const("n", kNcclBits);
    query.hypotheses.push_back(z3::uge(n, context.bv_val(2, kNcclBits)) &&
                               z3::ult(n, context.bv_val(std::uint64_t{1} << 31, kNcclBits)));
    return query;
}

/// 0 < rank < n.
z3::expr inner_rank(const BtreeTerms& terms, const z3::expr& rank) {
    return rank != terms.value(0) && z3::ult(rank, terms.n);
}

}  // namespace

std::vector<Query> nccl_btree_queries(z3::context& context, int /*max_s*/) {
    std::vector<Query> queries;
    z3::expr n(context);
    const auto add = [&](const char* label, const char* claim, auto build_goal) {
        Query query = nccl_query(context, "nccl_btree", label, claim, n);
        const BtreeTerms terms{context, n};
        const z3::expr rank = context.bv_const("r", kNcclBits);
        const z3::expr step = context.bv_const("L", kNcclBits);
        query.goal = build_goal(terms, rank, step);
        query.model_terms = {{"n", n}, {"r", rank}};
        queries.push_back(std::move(query));
    };
    add("parent_in_range", "every rank 0 < r < n has a parent p != r with p < n",
        [](const BtreeTerms& t, const z3::expr& r, const z3::expr&) {
            return inner_rank(t, r) && (z3::uge(t.parent(r), t.n) || t.parent(r) == r);
        });
    add("parent_lists_child", "the parent of r lists r as d0 or d1 (rank 0: its one child)",
        [](const BtreeTerms& t, const z3::expr& r, const z3::expr&) {
            const z3::expr p = t.parent(r);
            const z3::expr listed =
                z3::ite(p == t.value(0), t.is_root_child(r),
                        (t.has_children(p) && t.d0(p) == r) ||
                            (t.has_children(p) && z3::ugt(r, p) && t.is_d1_step(p, r - p)));
            return inner_rank(t, r) && !listed;
        });
    add("d0_parent", "d0 = r - lowbit(r)/2 of a rank with children has parent r",
        [](const BtreeTerms& t, const z3::expr& r, const z3::expr&) {
            return inner_rank(t, r) && t.has_children(r) && t.parent(t.d0(r)) != r;
        });
    add("d1_parent", "d1 = r + L of ncclGetBtree's loop has parent r",
        [](const BtreeTerms& t, const z3::expr& r, const z3::expr& step) {
            return inner_rank(t, r) && t.has_children(r) && t.is_d1_step(r, step) &&
                   t.parent(r + step) != r;
        });
    add("root_child_parent", "rank 0's child (the largest power of 2 below n) has parent 0",
        [](const BtreeTerms& t, const z3::expr& r, const z3::expr&) {
            return t.is_root_child(r) && t.parent(r) != t.value(0);
        });
    add("parent_bit_rises",
        "a parent is 0 or has a higher lowest set bit (no loops; depth <= floor(log2 n) + 1)",
        [](const BtreeTerms& t, const z3::expr& r, const z3::expr&) {
            const z3::expr p = t.parent(r);
            return inner_rank(t, r) && p != t.value(0) && z3::ule(t.lowbit(p), t.lowbit(r));
        });
    return queries;
}

std::vector<Query> nccl_dtree_leaves_queries(z3::context& context, int /*max_s*/) {
    std::vector<Query> queries;
    for (const bool even : {true, false}) {
        z3::expr n(context);
        Query query = nccl_query(
            context, "nccl_dtree_leaves", even ? "even_n" : "odd_n",
            even ? "even n: every rank is a leaf of tree 0 or of the mirrored tree 1"
                 : "odd n: every rank but 0 is a leaf of tree 0 or of the shifted tree 1, and "
                   "rank 0 of neither",
            n);
        const BtreeTerms terms{context, n};
        const z3::expr one = terms.value(1);
        query.hypotheses.push_back((n & one) == (even ? terms.value(0) : one));
        const z3::expr rank = context.bv_const("r", kNcclBits);
        // A btree leaf is a rank != 0 whose lowest bit is 1 (d0 exists otherwise,
        // and rank 0 has a child for n >= 2). Tree 1's rank r is btree rank
        // n - 1 - r (even n) or r - 1 mod n (odd n).
        const auto leaf = [&](const z3::expr& btree_rank) {
            return btree_rank != terms.value(0) && !terms.has_children(btree_rank);
        };
        const z3::expr image =
            even ? n - one - rank : z3::ite(rank == terms.value(0), n - one, rank - one);
        const z3::expr leaf_somewhere = leaf(rank) || leaf(image);
        if (even)
            query.goal = z3::ult(rank, n) && !leaf_somewhere;
        else
            query.goal = z3::ult(rank, n) &&
                         z3::ite(rank == terms.value(0), leaf_somewhere, !leaf_somewhere);
        query.model_terms = {{"n", n}, {"r", rank}};
        queries.push_back(std::move(query));
    }
    return queries;
}

std::vector<Query> nccl_pat_tree_queries(z3::context& context, int /*max_s*/) {
    z3::expr n(context);
    Query query = nccl_query(context, "nccl_pat_tree", "parent_below",
                             "offset 1 <= t < n has parent t - lowbit(t) in [0, t), 0 or of a "
                             "higher lowest bit",
                             n);
    const BtreeTerms terms{context, n};
    const z3::expr offset = context.bv_const("t", kNcclBits);
    const z3::expr parent = offset - terms.lowbit(offset);
    query.goal = offset != terms.value(0) && z3::ult(offset, n) &&
                 (z3::uge(parent, offset) || (parent != terms.value(0) &&
                                              z3::ule(terms.lowbit(parent), terms.lowbit(offset))));
    query.model_terms = {{"n", n}, {"t", offset}};
    std::vector<Query> queries;
    queries.push_back(std::move(query));
    return queries;
}

}  // namespace trivcheck::proofs
