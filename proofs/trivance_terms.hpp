#pragma once
#include <z3++.h>

#include <cstdint>
#include <vector>

namespace trivcheck::proofs {

/// Symbolic Trivance quantities for the n with 3^s < n < 3^(s+1) (docs/model.md),
/// written from docs/model.md's formulas, independently of models/ and checker/.
struct LastStepTerms {
    /// The ring size, 3^s < n < 3^(s+1).
    z3::expr n;
    /// The published last-step distance d = ceil((n - 3^s) / 2).
    z3::expr d;
    /// 3^s.
    std::int64_t full;
    /// R_(s-1) = (3^s - 1) / 2: the arc radius each rank holds after the s full steps.
    std::int64_t radius;
};

/// Declares n and d for s and adds their definitions to `hypotheses`; d is
/// defined by 2d in {n - 3^s, n - 3^s + 1}, which is linear and total.
LastStepTerms last_step_terms(z3::context& context, int s, z3::expr_vector& hypotheses);

/// 3^k for an integer term k in [0, s): an if-then-else chain over the s steps.
z3::expr full_step_distance(const z3::expr& step, int s);

/// R_(k-1) = (3^k - 1) / 2 for k in [0, s): the radius held before step k.
z3::expr radius_before_step(const z3::expr& step, int s);

/// R_k = (3^(k+1) - 1) / 2 for k in [0, s): the radius held after step k.
z3::expr radius_after_step(const z3::expr& step, int s);

}  // namespace trivcheck::proofs
