#pragma once

#include "models/trivance/ring_bitset.hpp"
#include "models/trivance/trivance_tree.hpp"

namespace trivcheck {

/// A step's children one way, grown on sets: the x not in `placed` whose
/// parent is in `parents`, at x + d for the + way (they send +: `parents`
/// turned by -d) or at x - d for the - way (turned by +d); none when d is 0.
inline void grow_children(RingBitset& children, const RingBitset& parents, const RingBitset& placed,
                          int n, int d, bool plus_way) {
    children.clear();
    if (d == 0) return;
    children.assign_rotated(parents, plus_way ? n - d : d);
    children.remove(placed);
}

/// How a step's children, grown on sets, count for its cost: `plus` are the
/// children a parent reaches at +d+ (they send +), `minus` at -d- (they send
/// -); one in both is two-way. Adopted counts as the node-by-node growth
/// counts them when the + child comes first.
inline StepPlacement placement_of_children(const RingBitset& plus, const RingBitset& minus) {
    const int plus_count = plus.count();
    const int minus_count = minus.count();
    const int both = plus.count_common(minus);
    StepPlacement placement;
    placement.adopted_plus = plus_count;
    placement.adopted_minus = minus_count - both;
    placement.forced_plus = plus_count - both;
    placement.forced_minus = minus_count - both;
    placement.two_way = both;
    return placement;
}

/// The number of distinct children a placement counts.
inline int children_count(const StepPlacement& placement) {
    return placement.forced_plus + placement.forced_minus + placement.two_way;
}

}  // namespace trivcheck
