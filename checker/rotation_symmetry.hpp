#pragma once
#include "models/schedule.hpp"

namespace trivcheck {

/// True when the schedule commutes with rotating the ring by one rank: in
/// every step, the k-th n-th of the transfers is the first n-th with src, dst
/// and (when there are n blocks) every block shifted by k, and the inputs are
/// symmetric too. Then the state of rank r is rank 0's rotated, and executing
/// rank 0 alone decides every rank. Verified transfer by transfer, in O(T);
/// block sets must share rank 0's pattern (as generators produce them), else
/// the answer is a conservative false.
bool is_rotation_symmetric(const Schedule& schedule);

}  // namespace trivcheck
