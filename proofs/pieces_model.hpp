#pragma once
#include <memory>
#include <optional>
#include <string>

#include "models/trivance/trivance_pieces.hpp"

namespace trivcheck::proofs {

/// Explicit, repeatable solver settings for one synthesis query.
struct SynthesisSettings {
    /// Budget for all solver calls of one n together.
    unsigned timeout_ms = 10000;
    unsigned seed = 0;
};

/// found: `plan` is an exactly-once last step of least link load (then fewest
/// extra buffers, least d_R + d_L, least d_R, then the first piece choices
/// false); none: the solver proved no plan exists in the pieces model;
/// unknown: no answer (timeout, resource limit), never a success.
enum class SynthesisStatus { found, none, unknown };

struct SynthesisAnswer {
    SynthesisStatus status = SynthesisStatus::unknown;
    std::optional<LastStepPlan> plan;
    /// found: the solver answered UNSAT for every plan of load below
    /// plan->link_load() (0 when that load is 1 and nothing is below it).
    int refuted_load = 0;
    /// The solver's reason for unknown.
    std::string reason;
};

/// Synthesises last steps of Trivance L in the pieces model (docs/synthesis.md)
/// with Z3: an exact cover as pseudo-Boolean constraints, the least load found
/// by feasibility questions at bounded loads, optimality proved by an UNSAT
/// answer one load below. Owns a Z3 context, created on first use (creating one
/// costs more than most queries), so one instance serves many n; not
/// thread-safe, use one per thread.
/// The answer for n does not depend on which n the instance solved before.
class LastStepSynthesizer {
  public:
    explicit LastStepSynthesizer(const SynthesisSettings& settings);
    ~LastStepSynthesizer();
    LastStepSynthesizer(const LastStepSynthesizer&) = delete;
    LastStepSynthesizer& operator=(const LastStepSynthesizer&) = delete;

    /// n >= 2, not a power of 3.
    SynthesisAnswer synthesize(int n);

  private:
    struct Context;
    SynthesisSettings settings_;
    std::unique_ptr<Context> context_;
};

/// One n with a fresh synthesizer (tests and single queries).
SynthesisAnswer synthesize_last_step(int n, const SynthesisSettings& settings);

const char* to_string(SynthesisStatus status);

}  // namespace trivcheck::proofs
