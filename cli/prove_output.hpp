#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "proofs/prover.hpp"

namespace trivcheck::cli {

/// The `prove` table: one row per run of consecutive s with the same verdict,
/// stating the range of n that verdict covers, then every finding (double
/// counts, last-step ratios, counterexamples) and a one-line summary.
std::string prove_report_text(const std::vector<proofs::QueryOutcome>& outcomes);

/// The `prove --json` document ("schema": "trivcheck.proofs/1"): settings,
/// overall verdict and exit code, and every query with its answer and finding.
nlohmann::ordered_json prove_report_json(const std::vector<proofs::QueryOutcome>& outcomes,
                                         const proofs::ProveSettings& settings);

}  // namespace trivcheck::cli
