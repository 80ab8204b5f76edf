#pragma once
#include <filesystem>
#include <optional>

#include "proofs/prover.hpp"
#include "proofs/query.hpp"

namespace trivcheck::proofs {

/// Runs one query: checks its hypotheses are satisfiable (a proof from
/// unsatisfiable hypotheses would be vacuous, so that gives Unknown), then its
/// goal; shrinks and explains a model; runs its measurement; writes its file.
QueryOutcome run_query(const Query& query, const SolverSettings& settings,
                       const std::optional<std::filesystem::path>& smt2_directory);

}  // namespace trivcheck::proofs
