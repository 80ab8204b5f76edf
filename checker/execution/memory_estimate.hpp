#pragma once
#include <cstdint>
#include <string>

#include "models/generator.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// Bytes the per-link and per-rank figures of one execution take whatever the
/// schedule's steps are: link loads (two 8-byte counters per directed link, a
/// ring's difference arrays), ports, bytes sent per rank. Depends on the
/// header alone (ranks, topology), so a reader can refuse before building.
std::uint64_t per_rank_figures_memory(const Schedule& header);

/// The least memory checking a schedule with this header needs, made from the
/// header alone (ranks, blocks, buffers, topology; no step is needed): one
/// stored rank's cells (a rotation orbit) plus per_rank_figures_memory.
std::uint64_t header_memory_lower_bound(const Schedule& header);

/// Throws ResourceLimit (exit 4), its message starting with `file`, when
/// header_memory_lower_bound exceeds `limit_bytes` (0: the run's limit,
/// memory_limit_or_default). Readers call it as soon as the header is read,
/// before any step, buffer or per-rank table is built.
void refuse_header_above_limit(const Schedule& header, const std::string& file,
                               std::uint64_t limit_bytes = 0);

/// The least memory the schedule `request` asks for takes to build, from its
/// generator's step count (the paper's K, models/paper_formulas.hpp) alone:
/// each step holds at least one message, in a rank orbit too. 0 when the
/// generator has no formula for the request (a torus, NCCL's algorithms).
/// Ring B on 2^30 - 1 ranks has 2^31 - 4 steps: about 256 GiB.
std::uint64_t generated_memory_lower_bound(const GeneratorRequest& request);

/// Throws ResourceLimit (exit 4), its message starting with `what`, when
/// generated_memory_lower_bound passes memory_limit_or_default(limit_bytes):
/// callers ask before the generator builds anything (before: ring B on
/// ring:1073741823 built for 60 s and 2.5 GB before any estimate).
void refuse_generation_above_limit(const GeneratorRequest& request, const std::string& what,
                                   std::uint64_t limit_bytes = 0);

}  // namespace trivcheck
