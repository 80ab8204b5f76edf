#include "proofs/ring_encoding.hpp"

#include <cassert>
#include <utility>

namespace trivcheck::proofs {

std::int64_t power_of_three(int exponent) {
    assert(exponent >= 0 && exponent <= 39);
    std::int64_t result = 1;
    for (int i = 0; i < exponent; ++i) result *= 3;
    return result;
}

RingEncoding::RingEncoding(z3::context& context, z3::expr ring_size)
    : context_(context), ring_size_(std::move(ring_size)) {}

z3::expr RingEncoding::modulo(const z3::expr& value, int lowest_quotient, int highest_quotient) {
    assert(lowest_quotient <= highest_quotient);
    const z3::expr& n = ring_size_;
    side_conditions_.push_back(n * lowest_quotient <= value && value < n * (highest_quotient + 1));
    // Built from the highest quotient down, so that each test only needs the
    // upper end of its interval; outside the bounds the term is still defined,
    // it is merely not `value mod n`, which the side condition catches.
    z3::expr result = value - n * highest_quotient;
    for (int quotient = highest_quotient - 1; quotient >= lowest_quotient; --quotient)
        result = z3::ite(value < n * (quotient + 1), value - n * quotient, result);
    return result;
}

z3::expr RingEncoding::forward(const z3::expr& rank, const z3::expr& distance) {
    return modulo(rank + distance, 0, 1);
}

z3::expr RingEncoding::backward(const z3::expr& rank, const z3::expr& distance) {
    return modulo(rank - distance, -1, 0);
}

z3::expr RingEncoding::on_arc(const z3::expr& holder, const z3::expr& contributor,
                              const z3::expr& radius) {
    const z3::expr offset = modulo(contributor - holder, -1, 0);
    return offset <= radius || offset >= ring_size_ - radius;
}

z3::expr RingEncoding::is_rank(const z3::expr& rank) const {
    return 0 <= rank && rank < ring_size_;
}

z3::expr RingEncoding::side_conditions() const {
    z3::expr_vector conditions(context_);
    for (const z3::expr& condition : side_conditions_) conditions.push_back(condition);
    return z3::mk_and(conditions);
}

z3::expr select_constant(const z3::expr& index, const std::vector<std::int64_t>& values) {
    assert(!values.empty());
    z3::context& context = index.ctx();
    z3::expr result = context.int_val(values.back());
    for (std::size_t i = values.size() - 1; i-- > 0;)
        result = z3::ite(index == static_cast<int>(i), context.int_val(values[i]), result);
    return result;
}

}  // namespace trivcheck::proofs
