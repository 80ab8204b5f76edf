#pragma once
#include <z3++.h>

#include <cstdint>
#include <vector>

namespace trivcheck::proofs {

/// 3^exponent for 0 <= exponent <= 39 (the largest that fits in 64 bits).
std::int64_t power_of_three(int exponent);

/// Linear-integer encoding of positions on a ring of symbolic size n.
///
/// Every `x mod n` becomes an if-then-else over the few quotients that the
/// bounds of x allow, which keeps queries in linear integer arithmetic. Those
/// bounds are recorded as side conditions: a proof must establish them too
/// (they go into the negated claim), so a wrong bound makes a query fail
/// instead of passing vacuously.
class RingEncoding {
  public:
    RingEncoding(z3::context& context, z3::expr ring_size);

    const z3::expr& n() const { return ring_size_; }
    z3::context& context() const { return context_; }

    /// `value mod n`, in [0, n), for a value in [lowest_quotient·n, (highest_quotient + 1)·n).
    z3::expr modulo(const z3::expr& value, int lowest_quotient, int highest_quotient);
    /// (rank + distance) mod n, for a rank in [0, n) and 0 <= distance <= n.
    z3::expr forward(const z3::expr& rank, const z3::expr& distance);
    /// (rank - distance) mod n, for a rank in [0, n) and 0 <= distance <= n.
    z3::expr backward(const z3::expr& rank, const z3::expr& distance);
    /// Whether `contributor` lies on the arc of `radius` around `holder`, i.e.
    /// (contributor - holder) mod n is within `radius` either way round.
    z3::expr on_arc(const z3::expr& holder, const z3::expr& contributor, const z3::expr& radius);
    /// 0 <= rank < n.
    z3::expr is_rank(const z3::expr& rank) const;
    /// The conjunction of the bounds every modulo so far relied on.
    z3::expr side_conditions() const;

  private:
    z3::context& context_;
    z3::expr ring_size_;
    std::vector<z3::expr> side_conditions_;
};

/// The term of a chain of if-then-else picking values[index] for an integer
/// term `index` in [0, values.size()); the last value is the fallback.
z3::expr select_constant(const z3::expr& index, const std::vector<std::int64_t>& values);

}  // namespace trivcheck::proofs
