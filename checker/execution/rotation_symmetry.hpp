#pragma once
#include "models/rotation_orbit.hpp"

namespace trivcheck {

/// True when the schedule commutes with rotating the ring by one rank: in
/// every step, the k-th n-th of the transfers is the first n-th with src, dst
/// and every block shifted by k (rotate_block), and the inputs are symmetric
/// too (one block, or B a multiple of n). Then the state of rank r is rank 0's
/// rotated, and executing rank 0 alone decides every rank. Verified transfer
/// by transfer, in O(T) for B <= n and O(blocks sent) for larger B; block sets
/// must share rank 0's pattern (as generators produce them), else the answer
/// is a conservative false.
bool is_rotation_symmetric(const Schedule& schedule);

}  // namespace trivcheck
