#include "proofs/least_bound.hpp"

namespace trivcheck::proofs {

LeastBound bisect_least(int refuted, int best,
                        const std::function<std::optional<int>(int)>& attained_at_most) {
    while (refuted + 1 < best) {
        const int middle = refuted + 1 + (best - refuted - 1) / 2;
        if (const std::optional<int> found = attained_at_most(middle))
            best = *found;
        else
            refuted = middle;
    }
    return {best, refuted};
}

}  // namespace trivcheck::proofs
