#pragma once
#include <vector>

#include "checker/core/explanation.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// Where one contribution to one block went, rank by rank: presence only,
/// with docs/model.md's semantics (a copy replaces, a reduction adds, an empty
/// value changes nothing).
struct ContributionJourney {
    /// Per rank: the step after which it last came to hold the contribution;
    /// -1 from the start; -2 never.
    std::vector<int> since_step;
    /// Per rank: the step whose copy overwrote it; -1 when it still holds it
    /// at the end or never held it.
    std::vector<int> lost_step;
};

/// Replays `schedule` for `contributor`'s share of `block` alone, so an
/// explanation costs one pass over the transfers and O(n) memory, whatever
/// the size of the full state.
ContributionJourney trace_contribution(const Schedule& schedule, int block, int contributor);

/// The rank that most recently held the contribution `rank` lacks at the
/// end: `rank` itself when a copy overwrote it there; else the latest to
/// receive it among those still holding it, else the latest to lose it; ties
/// go to the rank nearest `rank` on the ring, then the lowest.
LastHolder last_holder(const ContributionJourney& journey, int rank, int contributor);

/// Why the contribution never reached the rank, from its last holder:
/// "never_sent" (it never left its contributor), "overwritten" (a copy
/// replaced the value that held it) or "stranded" (ranks hold it but none
/// sends it on).
const char* missing_cause(const LastHolder& holder);

}  // namespace trivcheck
