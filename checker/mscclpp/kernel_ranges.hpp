#pragma once
#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp {

/// Whether the kernel addresses `op`'s ranges otherwise than the plan names
/// them: a `get` whose source and destination indexes differ.
/// execution_kernel.hpp's handleGet writes the local buffer (the
/// destination's type) at the *source's* offset and reads the remote buffer
/// at the *destination's* offset (execution_plan.cc's setupOperation fills
/// inputOffsets from src_buff, outputOffsets from dst_buff), both of the
/// source's size.
bool get_indexes_swapped(const Operation& op);

/// `op` with its ranges as the kernel addresses them (get_indexes_swapped);
/// any other operation as it is.
Operation as_kernel_addresses(const Operation& op);

}  // namespace trivcheck::mscclpp
