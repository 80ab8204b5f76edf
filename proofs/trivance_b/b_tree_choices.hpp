#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "proofs/verdict.hpp"

namespace trivcheck::proofs {

/// One reduce-scatter step of Trivance B's reduction tree (models/trivance/trivance_tree.hpp):
/// the displacements placed there, the directions forced on them, and the
/// most displacements sending one way (the step's most blocks on one link
/// over d_t) for each rule and at the solver's optimum.
struct TreeStepChoices {
    int step = 0;
    int distance = 0;
    int placed = 0;
    int forced_plus = 0;
    int forced_minus = 0;
    int two_way = 0;
    int first_come_most = 0;
    int balanced_most = 0;
    /// The least max(c+, c-) over every choice of the two-way directions:
    /// a model attains it and the solver answered UNSAT one below it.
    int optimum_most = 0;
};

/// solved: every step's optimum proved; unknown: a solver call gave up
/// (`reason`), and nothing about optimality is claimed.
enum class TreeChoiceStatus { solved, unknown };

struct TreeChoiceAnswer {
    int n = 0;
    TreeChoiceStatus status = TreeChoiceStatus::unknown;
    std::string reason;
    /// Indexed by reduce-scatter step.
    std::vector<TreeStepChoices> steps;

    /// Σ over both phases of the most blocks on one link (the all-gather is
    /// the time reversal, so each step counts twice); Θ is this over n.
    std::int64_t first_come_link_blocks() const;
    std::int64_t balanced_link_blocks() const;
    std::int64_t optimum_link_blocks() const;
};

/// Minimises Trivance B's per-step link load over the free direction choices
/// (docs/model.md, docs/synthesis.md "B form choices") with Z3: a Boolean per
/// two-way displacement (true: it sends +), c+ and c- as pseudo-Boolean sums
/// over those plus the forced counts, and per step the least bound M with
/// c+ <= M and c- <= M, found by feasibility questions (first at the
/// balanced rule's figure) and proved by UNSAT at M - 1. The steps are
/// independent: which displacements a step places does not depend on
/// directions. Owns a Z3 context created on first use; one per thread.
class TreeChoiceSolver {
  public:
    explicit TreeChoiceSolver(const SolverSettings& settings);
    ~TreeChoiceSolver();
    TreeChoiceSolver(const TreeChoiceSolver&) = delete;
    TreeChoiceSolver& operator=(const TreeChoiceSolver&) = delete;

    /// n >= 2; the answer does not depend on what the instance solved before.
    TreeChoiceAnswer solve(int n);

  private:
    struct Context;
    SolverSettings settings_;
    std::unique_ptr<Context> context_;
};

const char* to_string(TreeChoiceStatus status);

}  // namespace trivcheck::proofs
