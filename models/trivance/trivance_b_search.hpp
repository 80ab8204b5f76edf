#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "models/trivance/trivance_b_plan.hpp"

namespace trivcheck {

/// The least-cost plan a search found for one n (docs/trivance-b.md).
struct PlanSearchResult {
    TrivanceBPlan plan;
    /// Most blocks on one link summed over one phase (Θ = 2 * this / n).
    std::int64_t phase_link_blocks = 0;
    /// True when an exhaustive search proved that no plan of ceil(log3 n)
    /// steps with distances in [0, n/2] each way costs less (of full-step
    /// plans for exhaustive_plan_search, of all plans, partial steps
    /// included, for partial_step_plan_search and search_best_plan).
    bool proven_least = false;
    /// Plans (or partial plans) the search costed.
    std::int64_t evaluated = 0;
};

/// The values one coordinate descent move tries for a distance now at `now`:
/// every value on rings of up to 200; elsewhere a window of 6 around it, the
/// powers of 3, the halves of the extra ranks e = n - 3^floor(log3 n), and its
/// multiples by simple ratios.
std::vector<int> descent_distances(int n, int now);

/// Local search: from the cheapest of the rule's arc ladders
/// (models/trivance/trivance_b_rule.hpp), the cheapest lattice plan of any
/// spacing (the rule's three spacings are among them), the cheapest lattice
/// of clusters grown with one short step (a grid of cluster sizes), the short-last,
/// short-first and geometric layouts and the rule's plan,
/// changes one step's distance (+, - or both) at a time while Θ drops.
/// Deterministic; the result is never worse than the rule or either short layout.
PlanSearchResult local_plan_search(int n);

/// Branch and bound over every plan of ceil(log3 n) steps with distances in
/// [0, n/2] each way, starting from `incumbent`: the result is the least (ties
/// keep the incumbent). Nothing when more than `node_limit` partial plans
/// would be costed (at once when the coarsest step's pairs alone are more).
std::optional<PlanSearchResult> exhaustive_plan_search(const PlanSearchResult& incumbent,
                                                       std::int64_t node_limit);

/// Sizes the partial-step search (models/trivance/trivance_b_partial_search.hpp)
/// always runs to the end for, whatever the node limit: every n to 81 (the
/// rings of four steps), 370 s of CPU for 28 ... 81 together, so that
/// synth --form B says "proven least" for each; n = 82 has five steps.
inline constexpr int partial_steps_proven_outright_up_to = 81;

/// The node limit synth --form B gives each search by default (--proof-limit).
inline constexpr std::int64_t default_proof_limit = 100000;

/// The local search's plan, improved on rings up to partial_descent_most_ranks
/// by the local search with partial steps (trivance_b_partial_descent.hpp), or
/// the rule's with its level drops when cheaper (trivance_b_level_drops.hpp),
/// or the stored plan when it costs no more; improved by the exhaustive search
/// over full-step plans within the smaller of `node_limit` and
/// default_proof_limit (it only improves the incumbent of the search that
/// follows, whose space holds every full-step plan), then proven least in the
/// whole space (partial steps) when the partial-step search finishes within
/// `node_limit` steps (without a limit for n up to
/// partial_steps_proven_outright_up_to). proven_least says the latter only.
PlanSearchResult search_best_plan(int n, std::int64_t node_limit);

}  // namespace trivcheck
