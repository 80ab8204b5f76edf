#include "checker/mscclpp/kernel_ranges.hpp"

#include <algorithm>

namespace trivcheck::mscclpp {

bool get_indexes_swapped(const Operation& op) {
    if (op.kind != OperationKind::get) return false;
    const std::size_t count = std::min(op.sources.size(), op.destinations.size());
    for (std::size_t at = 0; at < count; ++at)
        if (op.sources[at].index != op.destinations[at].index ||
            op.sources[at].size != op.destinations[at].size)
            return true;
    return false;
}

Operation as_kernel_addresses(const Operation& op) {
    if (!get_indexes_swapped(op)) return op;
    Operation kernel = op;
    const std::size_t count = std::min(op.sources.size(), op.destinations.size());
    for (std::size_t at = 0; at < count; ++at) {
        // handleGet: size = inputBufferSizes[i]; local at srcOffsets[i],
        // remote at dstOffsets[i].
        kernel.sources[at].index = op.destinations[at].index;
        kernel.destinations[at].index = op.sources[at].index;
        kernel.destinations[at].size = op.sources[at].size;
    }
    return kernel;
}

}  // namespace trivcheck::mscclpp
