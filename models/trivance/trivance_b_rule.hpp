#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "models/trivance/trivance_b_plan.hpp"

namespace trivcheck {

// Trivance B plans by rule (docs/trivance-b.md, "A rule"): a few families of
// plans, each in closed form in n, and the cheapest of them. Except for the
// two short layouts, every family is an arc ladder: after reduce-scatter step t a
// rank holds the contributions of an arc of arc_t ranks around it, and step t
// grows the arc from arc_(t-1) (arc_(-1) = 1) to arc_t with the distances
// ceil((arc_t - arc_(t-1)) / 2) towards + and the floor of it towards -. The
// arcs stay contiguous because no distance exceeds the arc before it, and the
// last arc holds at least n ranks, so every rank is reached. A lattice plan
// first grows an arc of 3^c ranks by tripling, then triples a lattice of such
// arcs, spacing g apart: it is a ladder too.

/// One candidate of the rule: its family's name with its parameters
/// ("short_step@2", "two_short_steps@1,3", "split_digit@4", "lattice@2+1",
/// "short_first", "short_last")
/// and the plan.
struct RulePlan {
    std::string name;
    TrivanceBPlan plan;
};

/// The arcs of the ladder families for ring size n, K = ceil(log3 n) steps,
/// 3^(K-1) < n <= 3^K (n >= 2):
/// * one short step at j: arcs triple (3, 9, ...) except at j, where the arc
///   becomes ceil(n / 3^(K-1-j)) (at j = K-1 the short-last layout with its
///   short step split ceil(e/2), floor(e/2));
/// * two short steps at j1 < j2: arcs triple except at j1 and j2; the arc
///   after j2 is ceil(n / 3^(K-1-j2)) and the arc after j1 is the least
///   a >= 3^j1 with a * a * 3^(j2-j1-1) >= that arc times 3^j1, so the two
///   steps share the shortfall evenly; nothing when that is not a ladder.
std::vector<int> one_short_step_arcs(int n, int j);
std::vector<int> two_short_step_arcs(int n, int j1, int j2);

/// A plan from its arcs: step t sends ceil((arc_t - arc_(t-1)) / 2) towards +
/// and the rest towards -.
TrivanceBPlan plan_from_arcs(int n, const std::vector<int>& arcs);

/// The split-digit plan at j (1 <= j <= K-2): distances 1, 3, ..., 3^(j-1),
/// then 3^(j-1) towards + and 3^j towards -, then 3^j, 3^(j+1), ..., 3^(K-2)
/// (each capped at n/2). Its arcs are 3^j, 7·3^(j-1), 13·3^(j-1), then each
/// grows by 2·3^(t-1).
TrivanceBPlan split_digit_plan(int n, int j);

/// The lattice plan with c refining steps and spacing g, for K = ceil(log3 n)
/// steps: distances 1, 3, ..., 3^(c-1) (a rank then holds an arc of 3^c),
/// then g, 3g, ..., 3^(K-c-1) g (the arcs around a lattice of spacing g),
/// the same both ways, each capped at n/2. A ladder for 1 <= g <= 3^c; its
/// last arc, 3^c + (3^(K-c) - 1) g, holds n ranks from the least spacing on.
TrivanceBPlan lattice_plan(int n, int refining, int spacing);
/// max(1, ceil((n - 3^c) / (3^(K-c) - 1))) for 0 <= c < K: the least spacing
/// whose lattice plan reaches every rank.
int least_lattice_spacing(int n, int refining);

/// The arcs of a lattice of clusters for K = ceil(log3 n) steps: c steps
/// grow each cluster, tripling the arc but at j, where it becomes x, the
/// least above 3^j with x * 3^(c-1-j) at least ceil(3n / (3 + p (3^(K-c) - 1)))
/// (at most 3^(j+1)): clusters of A = x * 3^(c-1-j) ranks, spaced about p/3
/// of A apart, so that neighbours overlap; then K - c steps triple the
/// lattice at spacing g, k more than the least with A + (3^(K-c) - 1) g >= n
/// (g <= A; nothing otherwise). p = 1, 2; the one-short-step ladders are p = 3.
std::vector<int> cluster_lattice_arcs(int n, int c, int j, int p, int k);
/// The arcs of a lattice of clusters for any x and spacing g: 3, ..., 3^j,
/// x, 3x, ..., A = x * 3^(c-1-j), then A + (3^q - 1) g for q = 1 .. K - c.
std::vector<int> clustered_lattice_arcs(int n, int c, int j, std::int64_t x, std::int64_t spacing);
/// max(1, ceil((n - A) / (3^(K-c) - 1))): the least spacing with which
/// clusters of A ranks after c steps reach n.
std::int64_t least_cluster_spacing(int n, int c, std::int64_t cluster);

/// The arc ladders and short layouts the rule costs for n, in a fixed order:
/// short_first, short_last, the one-short-step ladders, the two-short-step
/// ladders, the split-digit plans.
std::vector<RulePlan> arc_ladder_candidates(int n);
/// The lattice plans the rule costs ("lattice@c+k": c refining steps, spacing
/// k more than the least, k = 0, 1, 2, while the spacing is at most 3^c).
std::vector<RulePlan> lattice_candidates(int n);
/// The clustered lattices the rule costs ("clusters@c,j,p+k": for every
/// 1 <= c < K, j < c, p = 1, 2 and k = 0, 1).
std::vector<RulePlan> cluster_lattice_candidates(int n);
/// Every candidate: the arc ladders, the lattice plans, the clustered lattices.
std::vector<RulePlan> rule_candidates(int n);

/// The cheapest of `candidates` that reaches every rank (the first on a tie);
/// short_first always does, so with it among them there is one.
RulePlan cheapest_candidate(std::vector<RulePlan> candidates);

/// The rule's plan for n >= 2: the cheapest candidate.
/// Both short layouts are candidates, so it is never worse than either.
RulePlan plan_by_rule(int n);

}  // namespace trivcheck
