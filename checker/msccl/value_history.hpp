#pragma once
#include <vector>

#include "checker/core/contribution_sets.hpp"
#include "checker/core/report.hpp"

namespace trivcheck::msccl {

/// One value a step produced (or an input chunk's initial value), and the
/// values it was made of: what a double count's chain of copies is traced
/// through. Plain numbers (24 bytes, one per chunk a step touches): where it
/// was produced is turned into a ProgramPoint only when a chain is reported.
struct ValueEvent {
    SetId value = ContributionSets::empty;
    /// Up to two earlier events this value was made of; -1: none.
    int first_parent = -1;
    int second_parent = -1;
    /// The step that produced it (thread block in layout order, step); block
    /// -1: the initial value of input chunk `step` of gpu `gpu`.
    int block = -1;
    int step = -1;
    int gpu = -1;
};

/// Every value produced during an execution, so that a contribution found
/// twice can be followed back, copy by copy, to its origin.
class ValueHistory {
  public:
    /// Room for `events` events at once (growing would copy them all).
    void reserve(std::size_t events) { events_.reserve(events); }
    int add(const ValueEvent& event) {
        events_.push_back(event);
        return static_cast<int>(events_.size()) - 1;
    }
    const ValueEvent& event(int index) const { return events_[index]; }

    /// The events that carried `contribution` into event `index`, origin first
    /// (following, at each event, the first parent that holds it).
    std::vector<int> chain(int index, int contribution, const ContributionSets& sets) const;

  private:
    std::vector<ValueEvent> events_;
};

}  // namespace trivcheck::msccl
