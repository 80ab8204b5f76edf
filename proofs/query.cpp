#include "proofs/query.hpp"

#include "proofs/ring_encoding.hpp"

namespace trivcheck::proofs {

void set_range_strictly_between_powers(Query& query, int s) {
    query.s = s;
    query.range = "3^" + std::to_string(s) + " < n < 3^" + std::to_string(s + 1);
    query.min_n = power_of_three(s) + 1;
    query.max_n = power_of_three(s + 1) - 1;
    query.excludes_power = true;
}

void set_range_from_power(Query& query, int s) {
    query.s = s;
    query.range = "3^" + std::to_string(s) + " <= n < 3^" + std::to_string(s + 1);
    query.min_n = power_of_three(s);
    query.max_n = power_of_three(s + 1) - 1;
}

}  // namespace trivcheck::proofs
