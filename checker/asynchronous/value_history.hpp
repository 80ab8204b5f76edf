#pragma once
#include <vector>

#include "checker/core/contribution_sets.hpp"
#include "checker/core/report.hpp"

namespace trivcheck::msccl {

/// One value a step produced (or an input chunk's initial value), and the
/// values it was made of: what a double count's chain of copies is traced through.
struct ValueEvent {
    SetId value = ContributionSets::empty;
    /// Up to two earlier events this value was made of; -1: none.
    int first_parent = -1;
    int second_parent = -1;
    /// Where it was produced; thread_block -1 for an input chunk's initial value.
    ProgramPoint point;
};

/// Every value produced during an execution, so that a contribution found
/// twice can be followed back, copy by copy, to its origin.
class ValueHistory {
  public:
    int add(ValueEvent event) {
        events_.push_back(std::move(event));
        return static_cast<int>(events_.size()) - 1;
    }
    const ValueEvent& event(int index) const { return events_[index]; }

    /// The points that carried `contribution` into event `index`, origin first
    /// (following, at each event, the first parent that holds it).
    std::vector<ProgramPoint> chain(int index, int contribution,
                                    const ContributionSets& sets) const;

  private:
    std::vector<ValueEvent> events_;
};

}  // namespace trivcheck::msccl
