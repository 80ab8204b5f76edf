#pragma once
#include <functional>
#include <optional>

namespace trivcheck::proofs {

/// The least value of a measure the solver can attain, by bisection between
/// `refuted` (a bound proved infeasible, or one below every possible value)
/// and `best` (a value attained): `attained_at_most(bound)` returns the
/// measure of a model whose measure is at most `bound`, or none when the
/// solver proves no such model exists. Ends with refuted == best - 1, so the
/// least value rests on an UNSAT answer (or on the caller's floor).
struct LeastBound {
    int best;
    int refuted;
};
LeastBound bisect_least(int refuted, int best,
                        const std::function<std::optional<int>(int)>& attained_at_most);

}  // namespace trivcheck::proofs
