#pragma once
#include <z3++.h>

#include <string>
#include <vector>

namespace trivcheck::proofs {

// The Trivance B rule's plans (docs/trivance-b.md, "A rule") as symbolic
// terms for 3^s < n <= 3^(s+1), written from the docs' formulas,
// independently of models/. Ceilings, floors and minima are linear: each
// gets a fresh integer whose definition goes into the hypotheses.

/// One step's distances, towards + and towards -.
struct LadderStep {
    z3::expr plus;
    z3::expr minus;
};

/// Fresh terms with their definitions; `prefix` keeps the names of several
/// plans in one query apart.
class RuleTerms {
  public:
    RuleTerms(z3::context& context, z3::expr_vector& hypotheses, std::string prefix);

    /// ceil(value / divisor) for a constant divisor >= 1.
    z3::expr ceil_div(const z3::expr& value, std::int64_t divisor);
    /// The steps of plan_from_arcs: step t sends ceil(g/2) towards + and
    /// floor(g/2) towards -, g = arc_t - arc_(t-1), arc_(-1) = 1, each capped
    /// at floor(n/2). The cap is written for the last step only: before it
    /// is_reaching_ladder claims 2d <= n, so the cap cannot act there.
    std::vector<LadderStep> steps_from_arcs(const std::vector<z3::expr>& arcs, const z3::expr& n);
    /// The last step's distances capped at floor(n/2), as the rule caps them.
    void cap_last_step(std::vector<LadderStep>& steps, const z3::expr& n);

  private:
    z3::expr fresh(const std::string& what);
    z3::context& context_;
    z3::expr_vector& hypotheses_;
    std::string prefix_;
    int count_ = 0;
};

/// Whether the steps, taken in this order, keep the sums of their distances
/// one arc: every distance is at least 0, at most the arc before it and at
/// most n/2 (2d <= n); with `reach`, also the last arc holds at least n ranks.
z3::expr is_reaching_ladder(const std::vector<LadderStep>& steps, const z3::expr& n, bool reach);

}  // namespace trivcheck::proofs
