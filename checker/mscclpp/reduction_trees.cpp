#include "checker/mscclpp/reduction_trees.hpp"

#include <algorithm>

namespace trivcheck::mscclpp {

int ReductionTrees::add(std::pair<int, int> key, int depth) {
    const auto [found, added] = ids_.try_emplace(key, static_cast<int>(depths_.size()));
    if (added) depths_.push_back(depth);
    return found->second;
}

int ReductionTrees::leaf(int contribution) { return add({-1, contribution}, 0); }

int ReductionTrees::sum(int left, int right) {
    return add({std::min(left, right), std::max(left, right)},
               1 + std::max(depth(left), depth(right)));
}

}  // namespace trivcheck::mscclpp
