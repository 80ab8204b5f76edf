#include "proofs/trivance_b/b_symmetric_tree_bound.hpp"

#include <z3++.h>

#include <algorithm>
#include <vector>

#include "models/ring_arithmetic.hpp"
#include "proofs/solver.hpp"

namespace trivcheck::proofs {

namespace {

/// A step's sign in a pattern: not adopted at it, adopted +, adopted -.
enum Sign { none = 0, plus = 1, minus = 2 };

/// Sign of pattern `pattern` (base 3, step 0 the least significant digit) at step t.
Sign sign_at(int pattern, int t) {
    for (int i = 0; i < t; ++i) pattern /= 3;
    return static_cast<Sign>(pattern % 3);
}

/// The last (finest) step at which the pattern is not `none`, -1 for the owner.
int last_step(int pattern, int steps) {
    for (int t = steps - 1; t >= 0; --t)
        if (sign_at(pattern, t) != none) return t;
    return -1;
}

int power_of_3(int steps) {
    int power = 1;
    for (int t = 0; t < steps; ++t) power *= 3;
    return power;
}

/// The query's variables and constraints for one n.
class TreeQuery {
  public:
    TreeQuery(z3::context& context, Solver& solver, int n)
        : context_(context), solver_(solver), n_(n), steps_(ceil_log(n, 3)), half_(n / 2) {
        for (int t = 0; t < steps_; ++t) {
            const std::string step = std::to_string(t);
            plus_distance_.push_back(context.int_const(("a_" + step).c_str()));
            minus_distance_.push_back(context.int_const(("b_" + step).c_str()));
            step_cost_.push_back(context.int_const(("k_" + step).c_str()));
        }
    }

    /// Counts as the used sign patterns give them, and the patterns' exactness.
    void add_patterns() {
        const int patterns = power_of_3(steps_);
        std::vector<z3::expr> used, residue;
        for (int p = 0; p < patterns; ++p) {
            used.push_back(context_.bool_const(("u_" + std::to_string(p)).c_str()));
            residue.push_back(context_.int_const(("r_" + std::to_string(p)).c_str()));
        }
        solver_.add(used[0]);
        z3::expr_vector all_used(context_);
        std::vector<z3::expr_vector> plus_children, minus_children;
        for (int t = 0; t < steps_; ++t) {
            plus_children.emplace_back(context_);
            minus_children.emplace_back(context_);
        }
        for (int p = 0; p < patterns; ++p) {
            const z3::expr one = z3::ite(used[p], context_.int_val(1), context_.int_val(0));
            all_used.push_back(one);
            // Its value: the signed sum of its steps' distances.
            z3::expr value = context_.int_val(0);
            for (int t = 0; t < steps_; ++t) {
                if (sign_at(p, t) == plus) value = value + plus_distance_[t];
                if (sign_at(p, t) == minus) value = value - minus_distance_[t];
            }
            const z3::expr quotient = context_.int_const(("q_" + std::to_string(p)).c_str());
            solver_.add(residue[p] >= 0 && residue[p] < n_);
            solver_.add(quotient >= -steps_ && quotient <= steps_);
            solver_.add(value == residue[p] + n_ * quotient);
            const int t = last_step(p, steps_);
            if (t < 0) continue;
            // Closed under dropping the last adoption: the parent is placed.
            int parent = p;
            for (int i = 0; i < t; ++i) parent /= 3;
            parent = p - (parent % 3) * power_of_3(t);
            solver_.add(z3::implies(used[p], used[parent]));
            (sign_at(p, t) == plus ? plus_children : minus_children)[t].push_back(one);
        }
        solver_.add(z3::sum(all_used) == n_);
        // Used patterns' residues distinct; an unused one takes a value of its own.
        z3::expr_vector labels(context_);
        for (int p = 0; p < patterns; ++p)
            labels.push_back(z3::ite(used[p], residue[p], context_.int_val(n_ + p)));
        solver_.add(z3::distinct(labels));
        for (int t = 0; t < steps_; ++t) {
            plus_count_.push_back(z3::sum(plus_children[t]));
            minus_count_.push_back(z3::sum(minus_children[t]));
        }
    }

    /// Counts as free integers (the relaxation).
    void add_free_counts() {
        for (int t = 0; t < steps_; ++t) {
            plus_count_.push_back(context_.int_const(("cp_" + std::to_string(t)).c_str()));
            minus_count_.push_back(context_.int_const(("cm_" + std::to_string(t)).c_str()));
        }
    }

    /// What every tree meets, counts and distances alike; the cost within `budget`.
    void add_common(std::int64_t budget) {
        z3::expr placed = context_.int_val(1);
        std::vector<z3::expr> placed_after;
        z3::expr total = context_.int_val(0);
        for (int t = 0; t < steps_; ++t) {
            const z3::expr& a = plus_distance_[t];
            const z3::expr& b = minus_distance_[t];
            const z3::expr& k = step_cost_[t];
            const z3::expr& cp = plus_count_[t];
            const z3::expr& cm = minus_count_[t];
            solver_.add(a >= 0 && a <= half_ && b >= 0 && b <= half_);
            // Each placed displacement adopts at most one child each way.
            solver_.add(cp >= 0 && cp <= placed && cm >= 0 && cm <= placed);
            // A + child x + a must not be placed already: x's with x + a
            // placed are not parents. An earlier edge at the same distance
            // (+ at a, or - at a read from the child) is such a pair, and
            // distinct edges are distinct pairs (a tree has no 2-cycle).
            z3::expr plus_pairs = context_.int_val(0), minus_pairs = context_.int_val(0);
            for (int s = 0; s < t; ++s) {
                const z3::expr zero = context_.int_val(0);
                plus_pairs = plus_pairs + z3::ite(plus_distance_[s] == a, plus_count_[s], zero) +
                             z3::ite(minus_distance_[s] == a, minus_count_[s], zero);
                minus_pairs = minus_pairs + z3::ite(plus_distance_[s] == b, plus_count_[s], zero) +
                              z3::ite(minus_distance_[s] == b, minus_count_[s], zero);
            }
            solver_.add(z3::implies(a > 0, cp + plus_pairs <= placed));
            solver_.add(z3::implies(b > 0, cm + minus_pairs <= placed));
            // A side that adopts nothing has distance 0 (the same tree), one
            // that adopts has a distance (a child differs from its parent).
            solver_.add((cp == 0) == (a == 0));
            solver_.add((cm == 0) == (b == 0));
            // k >= a * cp and k >= b * cm, as one implication per distance.
            solver_.add(k >= 0);
            for (int d = 1; d <= half_; ++d) {
                solver_.add(z3::implies(a >= d, k >= d * cp));
                solver_.add(z3::implies(b >= d, k >= d * cm));
            }
            placed = placed + cp + cm;
            placed_after.push_back(placed);
            total = total + k;
        }
        solver_.add(placed == n_);
        // Reach: every displacement is a placed one after step t plus a
        // signed sum of the later steps' distances, within an interval of
        // 1 + (their sum) values; so |P_t| (1 + R_t) >= n, and the owner
        // alone (t = -1) needs R >= n - 1.
        for (int t = -1; t < steps_ - 1; ++t) {
            z3::expr reach = context_.int_val(0);
            for (int s = t + 1; s < steps_; ++s)
                reach = reach + plus_distance_[s] + minus_distance_[s];
            const z3::expr size =
                t < 0 ? context_.int_val(1) : placed_after[static_cast<std::size_t>(t)];
            for (int r = 0; r + 1 < n_; ++r)
                solver_.add(z3::implies(reach <= r, size >= (n_ + r) / (r + 1)));
        }
        // The mirror image (x -> -x swaps the ways) costs the same.
        solver_.add(plus_distance_[0] >= minus_distance_[0]);
        solver_.add(total <= context_.int_val(static_cast<int64_t>(budget)));
    }

  private:
    z3::context& context_;
    Solver& solver_;
    int n_, steps_, half_;
    std::vector<z3::expr> plus_distance_, minus_distance_, step_cost_;
    std::vector<z3::expr> plus_count_, minus_count_;
};

}  // namespace

QueryVerdict symmetric_tree_within(int n, std::int64_t budget, TreeModel model,
                                   const SolverSettings& settings) {
    if (n < 2) return budget >= 0 ? QueryVerdict::violated : QueryVerdict::holds;
    z3::context context;
    Solver solver(context, settings, "QF_LIA");
    TreeQuery query(context, solver, n);
    if (model == TreeModel::exact)
        query.add_patterns();
    else
        query.add_free_counts();
    query.add_common(budget);
    return solver.check().verdict();
}

SymmetricTreeBound symmetric_tree_bound(int n, std::int64_t floor, std::int64_t best,
                                        const SolverSettings& settings, int exact_up_to,
                                        int counts_up_to) {
    SymmetricTreeBound bound;
    bound.n = n;
    // Every tree costs at least `low` (each raise a proven unsat query).
    std::int64_t low = floor;
    // Whether no tree costs `budget` or less, by `model`.
    auto none_within = [&](std::int64_t budget, TreeModel model) {
        ++bound.queries;
        const QueryVerdict verdict = symmetric_tree_within(n, budget, model, settings);
        bound.unknown += verdict == QueryVerdict::unknown;
        return verdict == QueryVerdict::holds;
    };
    if (low < best && n <= exact_up_to && none_within(best - 1, TreeModel::exact)) {
        low = best;
        bound.proven_by = "exact";
    }
    // Upward from the floor: a low budget is refuted fastest, and the first
    // that is not refuted ends the search.
    while (low < best && n <= counts_up_to && none_within(low, TreeModel::counts)) {
        ++low;
        bound.proven_by = "counts";
    }
    bound.blocks = low;
    bound.theta = 2.0 * static_cast<double>(low) / static_cast<double>(n);
    return bound;
}

}  // namespace trivcheck::proofs
