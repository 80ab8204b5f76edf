#pragma once
#include <optional>
#include <string>

#include "models/trivance/trivance_pieces.hpp"

namespace trivcheck {

/// A contributor that a rank does not hold exactly once after the last step.
struct PiecesMiscount {
    int rank = 0;
    int contributor = 0;
    int count = 0;
};

/// Executes Trivance L with separately kept pieces and `plan` as its last step,
/// for every rank and every contributor with concrete contributor lists: the
/// full steps send whole accumulators, each received one is kept as its own
/// piece. Shares nothing with the solver's encoding (no offset formulas, no
/// rotation argument), so it checks the synthesis independently. Returns the
/// first miscount (by rank, then contributor), or nothing when exactly once.
std::optional<PiecesMiscount> execute_pieces_plan(const LastStepPlan& plan);

/// "rank 3 holds contribution of rank 7 twice" and the like.
std::string describe(const PiecesMiscount& miscount);

}  // namespace trivcheck
