#include "proofs/first_satisfiable.hpp"

namespace trivcheck::proofs {

namespace {

/// Whether some case in [first, last] is satisfiable.
Answer check_some(Solver& solver, const std::vector<z3::expr>& cases, std::size_t first,
                  std::size_t last) {
    z3::expr_vector some(solver.context());
    for (std::size_t i = first; i <= last; ++i) some.push_back(cases[i]);
    solver.push();
    solver.add(z3::mk_or(some));
    Answer answer = solver.check();
    solver.pop();
    return answer;
}

/// The first case in [first, last] that `model` makes true; one exists.
std::size_t first_true(const z3::model& model, const std::vector<z3::expr>& cases,
                       std::size_t first, std::size_t last) {
    for (std::size_t i = first; i < last; ++i)
        if (model.eval(cases[i], true).is_true()) return i;
    return last;
}

}  // namespace

FirstSatisfiable first_satisfiable(Solver& solver, const std::vector<z3::expr>& cases,
                                   const Answer* known) {
    if (cases.empty()) return {Answer::holds(), 0};
    Answer best = known ? *known : check_some(solver, cases, 0, cases.size() - 1);
    if (best.verdict() != QueryVerdict::violated) return {best, 0};
    // Every case before `low` is unsatisfiable; case `high` is satisfied by `best`.
    std::size_t low = 0;
    std::size_t high = first_true(best.model(), cases, 0, cases.size() - 1);
    while (low < high) {
        const std::size_t middle = low + (high - low) / 2;
        Answer answer = check_some(solver, cases, low, middle);
        if (answer.verdict() == QueryVerdict::unknown) return {answer, 0};
        if (answer.verdict() == QueryVerdict::holds) {
            low = middle + 1;
        } else {
            high = first_true(answer.model(), cases, low, middle);
            best = std::move(answer);
        }
    }
    return {best, high};
}

}  // namespace trivcheck::proofs
