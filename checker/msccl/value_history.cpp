#include "checker/msccl/value_history.hpp"

#include <algorithm>

namespace trivcheck::msccl {

std::vector<int> ValueHistory::chain(int index, int contribution,
                                     const ContributionSets& sets) const {
    std::vector<int> points;
    while (index >= 0) {
        const ValueEvent& current = events_[index];
        points.push_back(index);
        int next = -1;
        for (int parent : {current.first_parent, current.second_parent})
            if (parent >= 0 && sets.contains(events_[parent].value, contribution)) {
                next = parent;
                break;
            }
        index = next;
    }
    std::reverse(points.begin(), points.end());
    return points;
}

}  // namespace trivcheck::msccl
