#pragma once
#include "models/schedule.hpp"
#include "proofs/verdict.hpp"

namespace trivcheck::cli {

/// `trivcheck check --engine smt`: checks the counts of `schedule` with Z3
/// (proofs/smt_execution.hpp), prints the report (trivcheck.report/1 with
/// "engine": "smt" when `json`) and returns the exit code: 0 holds, 1
/// violated, 4 unknown (solver timeout). Throws NotApplicable above 32 ranks.
int run_smt_check(const Schedule& schedule, bool json, const proofs::SolverSettings& settings);

}  // namespace trivcheck::cli
