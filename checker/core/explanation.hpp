#pragma once
#include <optional>
#include <string>
#include <vector>

namespace trivcheck {

/// Where a contribution that never reached a rank was last seen.
struct LastHolder {
    int contributor = -1;
    /// -1: no rank other than the contributor ever held it (it was never sent).
    int rank = -1;
    /// The step after which `rank` held it; -1: from the start (its own contribution).
    int since_step = -1;
    /// The step whose copy overwrote it at `rank`; -1: `rank` still holds it at the end.
    int lost_step = -1;
};

/// A declared bound that failed, as numbers rather than words.
struct BoundBreach {
    /// steps, link_chunks, link_bytes, bytes_per_rank_per_phase or theta.
    std::string bound;
    double limit = 0;
    double measured = 0;
    /// The busiest link of the step (link bounds), or empty.
    std::string link;
    /// The phase (bytes_per_rank_per_phase), or empty.
    std::string phase;
};

/// The provenance a person needs to act on one violation (issue 4), beyond
/// what the executor records. Which fields are filled depends on the kind.
struct Explanation {
    /// missing: every contributor the rank lacks, ascending.
    std::vector<int> missing_contributors;
    /// missing: for the first few of those, where each was last held.
    std::vector<LastHolder> last_holders;
    /// send_unheld: the blocks of the offending transfer the sender held at
    /// the start of the step, and those it did not.
    std::vector<int> held_blocks;
    std::vector<int> unheld_blocks;
    /// send_unheld: per unheld block, the first step after which the sender
    /// holds it (-1: never), the same order as unheld_blocks.
    std::vector<int> first_held_after;
    /// send_unheld: every block the sender held at the start of that step.
    std::vector<int> sender_holds;
    bool sender_explained = false;
    /// bound_exceeded: the bound and what was measured.
    std::optional<BoundBreach> bound;

    bool empty() const { return missing_contributors.empty() && !sender_explained && !bound; }
};

}  // namespace trivcheck
