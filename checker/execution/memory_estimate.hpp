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

/// The least memory checking a schedule with this header needs when no rank
/// symmetry and no fold applies, so that the executor keeps every rank's cells
/// (executor.cpp, execution_memory of every rank): ranks x buffers x blocks
/// cells plus per_rank_figures_memory, in 64 bits, saturating.
std::uint64_t whole_run_memory_lower_bound(const Schedule& header);

/// Throws ResourceLimit (exit 4), its message starting with `file`, when
/// header_memory_lower_bound exceeds `limit_bytes` (0: the run's limit,
/// memory_limit_or_default). Readers call it as soon as the header is read,
/// before any step, buffer or per-rank table is built.
void refuse_header_above_limit(const Schedule& header, const std::string& file,
                               std::uint64_t limit_bytes = 0);

/// How a caller uses a generated schedule, for its estimate.
struct GenerationUse {
    /// It takes the generator's rotation orbit when there is one (check; gen's
    /// JSON of a ring); false: it builds the whole schedule (gen --expand and
    /// the exports, a check without symmetry).
    bool orbit_allowed = true;
    /// It executes the schedule (check, sweep): the executor's per-rank
    /// figures (per_rank_figures_memory) are counted too; false for gen.
    bool executed = true;
};

/// The least memory the schedule `request` asks for takes to build (and to
/// execute, per `use`), from its generator's counts alone
/// (checker/execution/generation_estimate.hpp): a step record a step and a
/// transfer record a message, a torus lift's line tables, and for an execution
/// the per-rank figures of its topology. Ring B on 2^30 - 1 ranks has 2^31 - 4
/// steps: about 256 GiB; Bruck B on ring:1000000 26 steps of 10^6 messages.
std::uint64_t generated_memory_lower_bound(const GeneratorRequest& request, GenerationUse use = {});

/// Throws ResourceLimit (exit 4), its message starting with `what`, when
/// generated_memory_lower_bound passes memory_limit_or_default(limit_bytes):
/// callers ask before the generator builds anything (before: ring B on
/// ring:1073741823 built for 60 s and 2.5 GB before any estimate; Bruck B on
/// ring:1000000 2.9 GB under --memory-limit 100).
void refuse_generation_above_limit(const GeneratorRequest& request, const std::string& what,
                                   std::uint64_t limit_bytes = 0, GenerationUse use = {});

}  // namespace trivcheck
