#include "proofs/trivance_b/b_tree_choices.hpp"

#include <z3++.h>

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "models/trivance/trivance.hpp"
#include "proofs/least_bound.hpp"
#include "proofs/solver.hpp"

namespace trivcheck::proofs {

struct TreeChoiceSolver::Context {
    z3::context z3;
};

namespace {

/// A solver call ended in unknown (timeout, resource limit).
struct SolverGaveUp {
    std::string reason;
};

/// The figures the models give one step, without the solver.
TreeStepChoices rule_figures(const TreeStep& step) {
    TreeStepChoices figures;
    figures.step = step.step;
    figures.distance = step.plus_distance;  // equal both ways in the layouts solved here
    figures.placed = static_cast<int>(step.placed.size());
    for (const PlacedDisplacement& child : step.placed) {
        if (child.two_way())
            ++figures.two_way;
        else
            ++(child.plus_possible ? figures.forced_plus : figures.forced_minus);
    }
    figures.first_come_most =
        count_directions(choose_directions(step, TreeRule::first_come)).most();
    figures.balanced_most = count_directions(choose_directions(step, TreeRule::balanced)).most();
    return figures;
}

/// One step's choice as a QF_FD query: plus_i true when two-way displacement
/// i sends +. Forced displacements are constants in the counts.
class StepQuery {
  public:
    StepQuery(z3::context& context, Solver& solver, int n, const TreeStepChoices& figures)
        : solver_(solver), figures_(figures), sends_plus_(context.int_val(0)) {
        // Names carry n and the step: the context is shared by every n a solver instance takes.
        const std::string prefix =
            "plus_" + std::to_string(n) + "_" + std::to_string(figures.step) + "_";
        z3::expr_vector ones(context);
        for (int i = 0; i < figures.two_way; ++i) {
            const z3::expr plus = context.bool_const((prefix + std::to_string(i)).c_str());
            plus_.push_back(plus);
            ones.push_back(z3::ite(plus, context.int_val(1), context.int_val(0)));
        }
        if (!ones.empty()) sends_plus_ = z3::sum(ones);
    }

    /// The least M with a choice of c+ <= M and c- <= M, asked first at `hint`,
    /// then one below the best model, then by bisection between the largest
    /// bound proved infeasible and the best model, until they meet.
    int least_most(int hint) {
        int refuted = -1;
        std::optional<int> best = most_at_or_below(hint);
        if (!best) {
            refuted = hint;
            // Sending everything one way is always possible.
            best = most_at_or_below(figures_.placed);
            if (!best)
                throw std::logic_error("tree choices: no choice at all for step " +
                                       std::to_string(figures_.step));
        }
        if (refuted + 1 < *best) {
            if (const auto found = most_at_or_below(*best - 1))
                best = found;
            else
                refuted = *best - 1;
        }
        return bisect_least(refuted, *best, [&](int bound) { return most_at_or_below(bound); })
            .best;
    }

  private:
    /// max(c+, c-) of a model with both at most `bound`, or none when the solver proves
    /// there is none.
    std::optional<int> most_at_or_below(int bound) {
        if (bound < 0) return std::nullopt;
        solver_.push();
        // c+ = forced+ + Σ plus_i <= bound and c- = forced- + two_way - Σ plus_i <= bound.
        solver_.add(figures_.forced_plus + sends_plus_ <= bound);
        solver_.add(figures_.forced_minus + figures_.two_way - sends_plus_ <= bound);
        const Answer answer = solver_.check();
        std::optional<int> most;
        if (answer.verdict() == QueryVerdict::violated) {
            int plus = figures_.forced_plus;
            for (const z3::expr& sends : plus_)
                if (answer.model().eval(sends, true).is_true()) ++plus;
            const int minus = figures_.placed - plus;
            most = std::max(plus, minus);
            if (*most > bound)
                throw std::logic_error("tree choices: a model above its bound for step " +
                                       std::to_string(figures_.step));
        }
        solver_.pop();
        if (answer.verdict() == QueryVerdict::unknown) throw SolverGaveUp{answer.reason()};
        return most;
    }

    Solver& solver_;
    const TreeStepChoices& figures_;
    std::vector<z3::expr> plus_;
    z3::expr sends_plus_;
};

std::int64_t link_blocks(const std::vector<TreeStepChoices>& steps, int TreeStepChoices::*most) {
    std::int64_t blocks = 0;
    for (const TreeStepChoices& step : steps)
        blocks += 2 * std::int64_t{step.distance} * (step.*most);
    return blocks;
}

}  // namespace

std::int64_t TreeChoiceAnswer::first_come_link_blocks() const {
    return link_blocks(steps, &TreeStepChoices::first_come_most);
}
std::int64_t TreeChoiceAnswer::balanced_link_blocks() const {
    return link_blocks(steps, &TreeStepChoices::balanced_most);
}
std::int64_t TreeChoiceAnswer::optimum_link_blocks() const {
    return link_blocks(steps, &TreeStepChoices::optimum_most);
}

const char* to_string(TreeChoiceStatus status) {
    return status == TreeChoiceStatus::solved ? "solved" : "unknown";
}

TreeChoiceSolver::TreeChoiceSolver(const SolverSettings& settings) : settings_(settings) {}

TreeChoiceSolver::~TreeChoiceSolver() = default;

TreeChoiceAnswer TreeChoiceSolver::solve(int n) {
    if (n < 2) throw std::invalid_argument("tree choices need n >= 2");
    if (!context_) context_ = std::make_unique<Context>();
    TreeChoiceAnswer answer;
    answer.n = n;
    try {
        Solver solver(context_->z3, settings_, "QF_LIA");
        for (const TreeStep& step : trivance_tree_steps(n, trivance_distances(n))) {
            TreeStepChoices figures = rule_figures(step);
            StepQuery query(context_->z3, solver, n, figures);
            figures.optimum_most = query.least_most(figures.balanced_most);
            answer.steps.push_back(figures);
        }
        answer.status = TreeChoiceStatus::solved;
    } catch (const SolverGaveUp& gave_up) {
        answer.steps.clear();
        answer.reason = gave_up.reason;
    } catch (const z3::exception& error) {
        answer.steps.clear();
        answer.reason = error.msg();
    }
    return answer;
}

}  // namespace trivcheck::proofs
