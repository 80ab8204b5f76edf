#include "checker/mscclpp/reduction_trees.hpp"

#include <algorithm>

namespace trivcheck::mscclpp {

void ReductionTrees::reserve(std::size_t sums) {
    first_sum_.reserve(static_cast<std::size_t>(contributions_) + sums);
    parts_.reserve(sums);
    depths_.reserve(sums);
}

int ReductionTrees::add(std::pair<int, int> key, int depth) {
    if (first_sum_.empty()) first_sum_.assign(static_cast<std::size_t>(contributions_), -1);
    int& first = first_sum_[static_cast<std::size_t>(key.first)];
    if (first >= 0 && parts_[static_cast<std::size_t>(first - contributions_)] == key) return first;
    const std::uint64_t packed = static_cast<std::uint64_t>(static_cast<std::uint32_t>(key.first))
                                     << 32 |
                                 static_cast<std::uint32_t>(key.second);
    if (first >= 0) {
        const std::uint32_t found = ids_.find(packed, [](std::uint32_t) { return true; });
        if (found != IdTable::none) return static_cast<int>(found);
    }
    const auto id =
        static_cast<std::uint32_t>(contributions_) + static_cast<std::uint32_t>(depths_.size());
    if (first < 0)
        first = static_cast<int>(id);
    else
        ids_.insert(packed, id);
    depths_.push_back(depth);
    parts_.push_back(key);
    first_sum_.push_back(-1);
    return static_cast<int>(id);
}

int ReductionTrees::sum(int left, int right) {
    return add({std::min(left, right), std::max(left, right)},
               1 + std::max(depth(left), depth(right)));
}

std::vector<int> ReductionTrees::contributions(int tree) const {
    std::vector<int> found;
    if (tree < 0) return found;
    // Depth first with a stack of its own: a tree as deep as a ring's
    // reduction (one addition per gpu) would overflow the call stack.
    std::vector<int> pending = {tree};
    while (!pending.empty()) {
        const int node = pending.back();
        pending.pop_back();
        if (node < contributions_) {
            found.push_back(node);
            continue;
        }
        const auto [left, right] = parts_[static_cast<std::size_t>(node - contributions_)];
        pending.push_back(left);
        pending.push_back(right);
    }
    std::sort(found.begin(), found.end());
    return found;
}

}  // namespace trivcheck::mscclpp
