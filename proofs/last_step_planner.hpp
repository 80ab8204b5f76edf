#pragma once
#include "models/generator.hpp"

namespace trivcheck::proofs {

/// The planner `--last-step synthesized` needs (GeneratorRequest::last_step_planner):
/// Z3's least-load last step in the pieces model (proofs/pieces_model.hpp), or
/// nothing when Z3 proves none exists. Throws ResourceLimit (exit 4) when Z3
/// gives no answer. Safe to call from several threads (one solver each).
decltype(GeneratorRequest::last_step_planner) z3_last_step_planner();

/// Installs the planner when the request asks for a synthesized last step.
void supply_planner(GeneratorRequest& request);

}  // namespace trivcheck::proofs
