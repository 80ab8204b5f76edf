#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "models/trivance_pieces.hpp"

namespace trivcheck::proofs {

/// Explicit, repeatable solver settings for one synthesis query.
struct SynthesisSettings {
    unsigned timeout_ms = 10000;
    unsigned seed = 0;
};

/// found: `plan` is an exactly-once last step of least link load (then fewest
/// extra buffers); none: the solver proved no plan exists in the pieces model;
/// unknown: no answer (timeout, resource limit), never a success.
enum class SynthesisStatus { found, none, unknown };

struct SynthesisAnswer {
    SynthesisStatus status = SynthesisStatus::unknown;
    std::optional<LastStepPlan> plan;
    /// The solver's reason for unknown.
    std::string reason;
};

/// Encodes the last step of Trivance L on n ranks (n >= 2, not a power of 3)
/// in the pieces model (docs/synthesis.md) as an exact cover: the chosen arcs
/// (kept pieces, right peer's pieces shifted by d_R, left peer's by -d_L) are
/// pairwise disjoint and their widths sum to n (a pseudo-Boolean constraint).
/// z3::optimize minimises link load, then extra buffers.
SynthesisAnswer synthesize_last_step(int n, const SynthesisSettings& settings);

const char* to_string(SynthesisStatus status);

}  // namespace trivcheck::proofs
