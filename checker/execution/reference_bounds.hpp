#pragma once
#include <optional>
#include <string>

#include "models/schedule.hpp"

namespace trivcheck {

/// A second opinion on a schedule's declared bounds, independent of
/// link_loads.cpp and bounds_check.cpp: it walks every message of a ring hop
/// by hop (the shorter way, a tie +, or the direction the transfer names),
/// counts chunks and blocks per directed link and step, blocks per rank and
/// phase, and compares steps, link_chunks, link_bytes, bytes_per_rank_per_phase
/// and theta with `bounds`. Returns the first bound exceeded, in words, or
/// nullopt when every bound holds. Throws std::invalid_argument when the
/// topology is not a ring (the walk knows rings only).
std::optional<std::string> reference_bound_violation(const Schedule& schedule,
                                                     const Bounds& bounds);

}  // namespace trivcheck
